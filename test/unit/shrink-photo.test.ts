import { describe, expect, it } from 'vitest';
import { centredCrop, fittedSize } from '../../client/shrink-photo';

describe("a cover's trim to the blog's 16:9", () => {
  it('takes the middle band of a portrait or 4:3 photo, and the middle of a panorama', () => {
    expect(centredCrop(3000, 4000, 16 / 9)).toEqual({ x: 0, y: 1156, width: 3000, height: 1688 });
    expect(centredCrop(4000, 3000, 16 / 9)).toEqual({ x: 0, y: 375, width: 4000, height: 2250 });
    expect(centredCrop(4000, 1000, 16 / 9)).toEqual({ x: 1111, y: 0, width: 1778, height: 1000 });
    expect(centredCrop(1920, 1080, 16 / 9)).toEqual({ x: 0, y: 0, width: 1920, height: 1080 });
  });

  it('is then drawn at most 2560 px long', () => {
    const crop = centredCrop(3000, 4000, 16 / 9);
    expect(fittedSize(crop.width, crop.height)).toEqual({ width: 2560, height: 1440 });
  });
});
