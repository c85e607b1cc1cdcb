import { describe, expect, it } from 'vitest';
import {
  carriedPostcode,
  checkServiceArea,
  districtOfPostcode,
  normalPostcode,
  placeNamed,
  postcodeDistrictOf,
} from '../../src/leads/area-check';
import { addressWithPostcode } from '../../src/leads/lead-fields';
import { defaultView } from '../support/content';

describe("a quote address's postcode district", () => {
  it.each([
    ['12 Seaview Road, Southbourne, Bournemouth BH6 3AA', 'BH6'],
    ['4 Mill Lane, Lymington so41 9aa', 'SO41'],
    ['4 Mill Lane, Lymington SO419AA', 'SO41'],
    ['9 Elm Close, Verwood, BH31 7AA', 'BH31'],
    ['9 Elm Close, Verwood BH31', 'BH31'],
    ['9 Elm Close, Verwood, BH31.', 'BH31'],
    ['Flat 3, 10 Downing Street, London SW1A 2AA', 'SW1A'],
    ['1 Broad St, Birmingham B1 2HF', 'B1'],
    // The last whole postcode wins over one in a building's name.
    ['BH1 1AA House, 2 Quay Road, Christchurch BH23 1BU', 'BH23'],
  ])('%s -> %s', (address, district) => {
    expect(postcodeDistrictOf(address)).toBe(district);
  });

  it.each(['Just a house name', '21 Pooley Street, Somewhere', 'Unit A1', 'Flat 12', 'The Old Barn, Milford on Sea'])(
    '%s has none',
    (address) => {
      expect(postcodeDistrictOf(address)).toBeNull();
    },
  );
});

describe('the service-area check', () => {
  it('is covered for each kind of served postcode', () => {
    for (const address of [
      '1 High St, Southbourne BH6 3AA',
      '8 Quay Road, Christchurch BH23 1BU',
      '2 Station Road, New Milton BH25 6HX',
      'The Old Barn, Milford on Sea SO41 0QA',
      'Forest Lodge, Lyndhurst SO43 7BA',
      '5 Park Lane, Broadstone BH18 8AA',
      '1 Church St, Wimborne BH21 1JH',
    ]) {
      expect(checkServiceArea(address, defaultView.areas.districts), address).toBe('covered');
    }
  });

  it('is outside for a postcode elsewhere, and unknown without one', () => {
    expect(checkServiceArea('9 Elm Close, Verwood, BH31 7AA', defaultView.areas.districts)).toBe('outside');
    expect(checkServiceArea('3 Bridge St, Fordingbridge SP6 1AH', defaultView.areas.districts)).toBe('outside');
    expect(checkServiceArea('Flat 3, 10 Downing Street, London SW1A 2AA', defaultView.areas.districts)).toBe('outside');
    expect(checkServiceArea('The Old Barn, Milford on Sea', defaultView.areas.districts)).toBe('unknown');
    expect(checkServiceArea('', defaultView.areas.districts)).toBe('unknown');
  });
});

describe('a typed postcode for "Do we cover you?"', () => {
  it.each([
    ['BH6', 'BH6'],
    ['bh6', 'BH6'],
    ['BH23 1AA', 'BH23'],
    ['  bh23   1aa ', 'BH23'],
    ['BH231AA', 'BH23'],
    ['SO14', 'SO14'],
    ['SW1A 2AA', 'SW1A'],
    ['B1 2HF', 'B1'],
  ])('%s -> %s', (typed, district) => {
    expect(districtOfPostcode(typed)).toBe(district);
  });

  // Only the whole of what was typed counts: an address or a word around a postcode is not one.
  it.each(['', 'hello', 'BH6 hello', '12 High St BH6 3AA', 'Q1 1AA', '<script>', '😀', 'BH6 3AAA', 'A'.repeat(500)])(
    '%j is not a postcode',
    (typed) => {
      expect(districtOfPostcode(typed)).toBeNull();
    },
  );
});

describe('a postcode as it is stored and printed (issue 47)', () => {
  it.each([
    ['bh231aa', 'BH23 1AA'],
    ['  bh23   1aa ', 'BH23 1AA'],
    ['SW1A2AA', 'SW1A 2AA'],
    ['b12hf', 'B1 2HF'],
    ['bh6', 'BH6'],
  ])('%j -> %j', (typed, normal) => {
    expect(normalPostcode(typed)).toBe(normal);
    expect(carriedPostcode(typed)).toBe(normal);
  });

  it('is joined onto the address in its normal form, once', () => {
    expect(addressWithPostcode('1 High St, Christchurch', 'bh231aa')).toBe('1 High St, Christchurch, BH23 1AA');
    expect(addressWithPostcode('1 High St, Christchurch BH23 1AA', 'bh231aa')).toBe('1 High St, Christchurch BH23 1AA');
  });
});

describe('a place typed by name for "Do we cover you?"', () => {
  const places = ['Southbourne', 'Christchurch', 'New Forest', 'Milford on Sea'];
  it.each([
    ['Christchurch', 'Christchurch'],
    ['  christchurch ', 'Christchurch'],
    ['milford-on-sea', 'Milford on Sea'],
    ['NEW  FOREST.', 'New Forest'],
  ])('%j is %j', (typed, place) => {
    expect(placeNamed(typed, places)).toBe(place);
  });

  it.each(['', 'Christ', 'Christchurch Road', 'London', 'A'.repeat(500)])('%j is none of them', (typed) => {
    expect(placeNamed(typed, places)).toBeNull();
  });
});
