import { byTheLine } from './line-wording';
import { serviceKinds } from './service-kinds';
import type { Service } from './types';

/**
 * The 12 services, in menu order. Slugs are the routes of docs/spec.md §2 (/services/{slug}).
 * Copy is original; claims must stay in line with docs/spec.md §1 (service pages promise an aim of 1-2 hours).
 */
const serviceTexts = [
  {
    slug: 'drain-unblocking',
    title: 'Drain Unblocking',
    description:
      'Fast clearance of blocked drains, gullies and sewers using high-pressure jetting and electro-mechanical cutting, with a camera check to make sure the cause has gone.',
    features: [
      'High-pressure water jetting',
      'No call-out charge on emergencies',
      'Fixed-price emergency drain jobs',
      'Camera check after clearing',
    ],
    subtitle: byTheLine(
      'Blocked drain in Bournemouth, Christchurch, Poole or the New Forest? We clear it fast, at a fixed price, day or night.',
      'Blocked drain in Bournemouth, Christchurch, Poole or the New Forest? We clear it fast, at a fixed price. Our emergency line is open {when}.',
    ),
    benefits: [
      byTheLine('Available 24/7, including weekends and bank holidays', 'Our emergency line is open {when}'),
      'We aim to be with you within 1-2 hours',
      'No call-out charge on emergencies',
      'A clear fixed price for emergency drain jobs, agreed before we start',
      'We fix the cause, not just the symptom',
      '100% guaranteed workmanship',
    ],
    sections: [
      {
        heading: 'What drain unblocking involves',
        paragraphs: [
          'Most blocked drains are caused by a gradual build-up rather than a single object: fat and grease that set hard on the pipe wall, wet wipes that never break down, silt, and leaves washed into yard gullies. Over weeks the bore of the pipe narrows until, one day, the water has nowhere to go.',
          'Unblocking means removing that build-up completely, not just poking a hole through it. We work from the nearest inspection chamber or access point, clear the blockage, then flush the whole run so the pipe is back to its full bore.',
          'We clear everything from a single kitchen waste to shared drains serving a whole terrace, and the busy runs behind restaurants, shops and holiday parks.',
        ],
      },
      {
        heading: 'Signs your drain is blocked',
        paragraphs: [
          'The early warnings are easy to miss: a sink or shower that drains more slowly than it used to, gurgling from a plughole when the washing machine empties, or a toilet that rises higher than normal before it clears. Outside, look for a gully that stays full or an inspection chamber with water standing in it.',
          "A bad smell around the house or garden is another clue. Waste sitting in a partly blocked pipe starts to smell within days, and in warm weather you'll notice it near the drains first.",
          byTheLine(
            "If water is coming up through a gully, toilet or manhole, or you can't use the toilet at all, treat it as an emergency and call our 24/7 line.",
            "If water is coming up through a gully, toilet or manhole, or you can't use the toilet at all, treat it as an emergency and call our emergency line ({when}).",
          ),
        ],
      },
      {
        heading: 'How we clear a blocked drain',
        paragraphs: [
          'We start by lifting the covers to find where the blockage is: the chamber upstream of it will be full and the one downstream empty. That tells us exactly which length of pipe to work on, with no guesswork and no digging.',
          'Most blockages are cleared with high-pressure water jetting, which scours fat and silt off the pipe wall rather than pushing them further down the line. For hardened scale, roots or stubborn debris we use electro-mechanical cutting heads, and drain rods where access is tight.',
          'Once the water runs freely we flush the line and, where it helps, run a CCTV camera through to look for the damage behind the blockage, such as a cracked joint, a sagging section or root growth. You get a plain explanation of what we found and what, if anything, needs doing next.',
        ],
      },
      {
        heading: "Why it's worth acting now",
        paragraphs: [
          'A partial blockage almost always gets worse. As water backs up it puts pressure on joints that were never designed to run full, and the old clay pipes under the Victorian and Edwardian homes of Boscombe, Southbourne and Westbourne can start leaking into the ground around the foundations.',
          'Sewage that overflows inside a home means ruined floors, lifted carpets and often an insurance claim. A blocked drain at a holiday let or restaurant can mean cancelled bookings or a lost day of trade. Clearing it early is quicker, cheaper and far less unpleasant.',
          "Shop-bought chemical drain cleaners rarely shift a proper blockage and can damage older pipes and seals, so it's usually worth calling us before reaching for the bottle.",
        ],
      },
    ],
    metaTitle: 'Drain Unblocking in Bournemouth & Poole | BCP Drainage',
    metaDescription: byTheLine(
      'Blocked drain in Bournemouth, Poole, Christchurch or the New Forest? 24/7 drain unblocking, no call-out charge on emergencies and fixed prices.',
      'Blocked drain in Bournemouth, Poole, Christchurch or the New Forest? Fast drain unblocking, no call-out charge on emergencies and fixed prices.',
    ),
    keywords: [
      'drain unblocking Bournemouth',
      'blocked drain Poole',
      'blocked drain Christchurch',
      'drain jetting New Forest',
      'emergency drain unblocking',
      'blocked drains Southbourne',
    ],
    image: '/images/services/drain-unblocking.svg',
    imageAlt:
      'Illustration of a drainage engineer feeding a high-pressure jetting hose into an open inspection chamber to clear a blocked drain',
  },
  {
    slug: 'cctv-drain-survey',
    title: 'CCTV Drain Surveys',
    description:
      'A camera inspection of your drains with recorded footage and a written report, ideal for home buyers, recurring blockages and planning repairs.',
    features: [
      'High-definition drain cameras',
      'Written report with footage',
      'Pre-purchase surveys for buyers',
      'Pinpoint faults without digging',
    ],
    subtitle: 'See exactly what is happening inside your drains before you buy, build or pay for repairs.',
    benefits: [
      'Clear video footage and a written report you can keep',
      'The exact position and depth of every fault',
      'Peace of mind before you buy a property',
      "No paying for repairs you don't need",
      'Evidence for insurers, landlords and sellers',
      'A free quote for your survey',
    ],
    sections: [
      {
        heading: 'What a CCTV drain survey is',
        paragraphs: [
          'A CCTV drain survey is a camera inspection of the inside of your pipes. We feed a waterproof camera on a flexible push rod, or a small tracked crawler for larger pipes, into the drain from an inspection chamber and record everything it sees along the way.',
          'Each defect is logged with its distance from the access point: cracks, open or displaced joints, root ingress, deformed pipe, scale, and dips where the pipe holds standing water. A locator in the camera head lets us mark the exact position and depth of a problem on the surface above.',
          'You receive the footage and a written report in plain English, with our recommendations and a clear note of which, if any, are urgent.',
        ],
      },
      {
        heading: 'When you need a survey',
        paragraphs: [
          'Buying a home is the most common reason. A mortgage valuation or building survey does not look inside the drains, and replacing a collapsed pipe can be a large, unplanned cost. We particularly recommend a survey for older properties, homes with big trees nearby, and anywhere an extension has been built close to or over a drain.',
          'A survey also makes sense if you have recurring blockages, a persistent smell, rats in the garden, cracking or damp near a drain run, or if you are planning an extension or a new driveway over existing pipes.',
          "Landlords, holiday let owners and businesses use surveys to record the condition of the drains at the start of a tenancy or lease, so there's no argument later about who caused the damage.",
        ],
      },
      {
        heading: 'How we carry out the survey',
        paragraphs: [
          'We lift the covers and, if debris would hide the pipe wall, jet the line clean first. Then we send the camera through each run in turn. Most domestic surveys are completed in a single visit with little or no disturbance to the property.',
          'We record the material, size and direction of each run, along with every connection and defect. Where there is no inspection chamber we can often enter through a gully or the soil stack, and we will tell you if adding a proper access point would make future maintenance easier.',
          'Afterwards we talk you through what we found. If repairs are needed, the report sets out the options, from a simple jetting clean to a no-dig patch repair or relining, so you can decide with confidence or negotiate with a seller.',
        ],
      },
      {
        heading: 'What it costs to skip the survey',
        paragraphs: [
          'Drain defects rarely fix themselves. A cracked or displaced joint leaks into the surrounding ground and washes out fine sand and soil, a particular problem on the sandy ground common across Bournemouth and Poole. Over time that can leave voids under paths, patios and even foundations.',
          "Without a survey you're guessing. Digging in the wrong place, or relining a whole run when a single patch would do, is expensive. A survey costs far less than one unnecessary excavation and gives you evidence to share with a seller, an insurer or the water company.",
        ],
      },
    ],
    metaTitle: 'CCTV Drain Surveys in Bournemouth & Poole | BCP Drainage',
    metaDescription:
      'CCTV drain surveys for home buyers, landlords and businesses in Bournemouth, Poole, Christchurch and the New Forest. Clear footage and a written report.',
    keywords: [
      'CCTV drain survey Bournemouth',
      'drain survey Poole',
      'home buyer drain survey',
      'pre-purchase drain survey Dorset',
      'drain camera inspection Christchurch',
      'CCTV drain survey New Forest',
    ],
    image: '/images/services/cctv-drain-survey.svg',
    imageAlt: 'Illustration of a drain camera inside a pipe, with a monitor showing the live picture of a cracked joint',
  },
  {
    slug: 'drain-relining',
    title: 'Drain Relining & Repair',
    description:
      'No-dig repairs that seal cracked, leaking and root-damaged pipes from the inside, leaving your garden, driveway and floors untouched.',
    features: ['No-dig relining', 'Patch and full-length repairs', 'Minimal disruption', 'Long-lasting, guaranteed results'],
    subtitle: 'Repair cracked and leaking drains from the inside, without digging up your driveway, patio or garden.',
    benefits: [
      'No excavation in most cases',
      'Most jobs completed in a day',
      'Seals cracks, open joints and root entry points',
      'A smooth new pipe wall that resists blockages',
      'Gardens, driveways and floors left as they were',
      '100% guaranteed workmanship',
    ],
    sections: [
      {
        heading: 'What drain relining is',
        paragraphs: [
          'Drain relining creates a new pipe inside the old one. A flexible liner soaked in resin is inserted into the damaged drain, pressed against the pipe wall and left to cure. Once set, it forms a hard, seamless and watertight pipe bonded inside the original.',
          'For a single crack or open joint we use a short patch repair. Where a run has several defects we line the whole length between access points. Either way, the work is done through existing inspection chambers, so there is no trench across your lawn or drive.',
        ],
      },
      {
        heading: 'When relining is the right repair',
        paragraphs: [
          'Relining suits pipes that are cracked, have open or slightly displaced joints, or are letting in roots, but still hold their shape. That describes many of the salt-glazed clay drains under the Victorian and Edwardian homes of Boscombe, Southbourne and Westbourne, where a century of ground movement has opened up the joints.',
          "It's also a common fix for pitch-fibre pipes, used in many homes built between the 1950s and 1970s, which can blister and deform with age. And it comes into its own where a drain runs under an extension, a conservatory or a mature tree, where digging would be disruptive.",
          "Relining isn't suitable where a pipe has collapsed, has badly displaced joints, or has sunk so that water sits in it. In those cases we'll show you why and recommend an excavation repair instead.",
        ],
      },
      {
        heading: 'How we reline a drain',
        paragraphs: [
          'Every relining job starts with a CCTV survey to measure the defects and confirm lining is suitable. We then clean the pipe thoroughly with high-pressure jetting and cut out any roots, scale or intruding connections, so the liner sits tight against a clean wall.',
          'The liner is cut to length, wetted out with resin on site and pulled or inverted into place. An inflatable packer or air pressure holds it against the pipe while it cures, and any side connections are then reopened with a remote cutter.',
          'Finally we run the camera through again so you can see the finished repair, and it is recorded in your report.',
        ],
      },
      {
        heading: 'The cost of leaving a damaged drain',
        paragraphs: [
          'A cracked drain leaks every time it is used. That water softens the surrounding ground and can wash out sandy soils, leaving voids that undermine paths and foundations. The clay soils found in parts of the New Forest shrink and swell with the seasons, putting even more movement on joints that are already damaged.',
          'Open joints are also an open invitation to roots and rats. Roots grow quickly once they find water, and a repair that could be a single patch this year can become a full-length lining or an excavation next year.',
        ],
      },
    ],
    metaTitle: 'Drain Relining in Bournemouth & Poole | BCP Drainage',
    metaDescription:
      'No-dig drain relining and patch repairs in Bournemouth, Poole, Christchurch and the New Forest. Fix cracked, leaking pipes without digging up your property.',
    keywords: [
      'drain relining Bournemouth',
      'no dig drain repair Poole',
      'drain patch repair',
      'pipe relining Christchurch',
      'cracked drain repair New Forest',
    ],
    image: '/images/services/drain-relining.svg',
    imageAlt: 'Illustration of a cutaway drain pipe with a new resin liner being inflated against the cracked inner wall',
  },
  {
    slug: 'emergency-service',
    title: byTheLine('24/7 Emergency Service', 'Emergency Service'),
    description: byTheLine(
      'Round-the-clock response to blocked, overflowing and collapsed drains, with no call-out charge and a clear fixed price for emergency drain jobs.',
      'Fast response to blocked, overflowing and collapsed drains, with no call-out charge and a clear fixed price for emergency drain jobs.',
    ),
    features: [
      byTheLine('Available 24 hours a day', 'Open {when}'),
      'No call-out charge',
      'Fixed-price emergency drain jobs',
      'Local engineers on call',
    ],
    subtitle: byTheLine(
      'Drains overflowing at 2am or on a bank holiday? Call us any time and a local engineer will be on the way.',
      'Drains overflowing? Call us {when} and a local engineer will be on the way.',
    ),
    benefits: [
      byTheLine('We answer the phone 24 hours a day, every day of the year', 'We answer the phone {when}'),
      'We aim to be with you within 1-2 hours',
      'No call-out charge on emergencies',
      'A clear fixed price for emergency drain jobs, agreed before work starts',
      'Vans equipped for jetting, cutting and CCTV',
      'Fully licensed and insured',
    ],
    sections: [
      {
        heading: 'What counts as a drain emergency',
        paragraphs: [
          'A drain emergency is anything that stops you using your home or business safely: sewage backing up into a toilet, shower or sink, water rising through a floor gully, an overflowing manhole in the garden, or a drain that has stopped flowing altogether.',
          "Sudden collapses, flooding after a storm, and blockages at restaurants, care homes, schools and holiday lets count too, because waiting until morning isn't an option. If you're not sure, call and ask. We'll tell you honestly whether it can wait.",
        ],
      },
      {
        heading: 'What to do while you wait for us',
        paragraphs: [
          "Stop sending water into the affected drain: don't flush, run the dishwasher or washing machine, or take a shower until we've cleared it. If neighbours share the drain, let them know too.",
          "Keep children and pets away from any sewage and don't try to lift heavy manhole covers yourself. If water is near sockets or appliances, switch off the electricity at the consumer unit if it's safe to do so.",
          "Take a few photos if you can. They're useful for your insurer and help us understand the problem before we arrive.",
        ],
      },
      {
        heading: 'How our emergency callouts work',
        paragraphs: [
          byTheLine(
            'When you call our 24/7 line we ask a few quick questions about what you can see and where the property is. We aim to be with you within 1-2 hours, often sooner, because our engineers live and work locally from our base in Southbourne.',
            'When you call our emergency line ({when}) we ask a few quick questions about what you can see and where the property is. We aim to be with you within 1-2 hours, often sooner, because our engineers live and work locally from our base in Southbourne.',
          ),
          "On arrival we find the cause, explain what needs doing and give you a clear fixed price for the emergency drain work before we start. There's no call-out charge for emergencies and no surprises on the bill.",
          'Our vans carry high-pressure jetting equipment, rods, cutting tools and CCTV cameras, so most emergencies are fixed in a single visit. If a follow-up repair is needed, we make the drain safe and usable first.',
        ],
      },
      {
        heading: 'Why a fast response matters',
        paragraphs: [
          'Sewage carries bacteria that make people ill, and every hour it sits in a home it soaks further into floors, skirting boards and plaster. Quick clearance keeps the clean-up, and any insurance claim, as small as possible.',
          byTheLine(
            'For businesses the cost is counted in lost trade. A blocked drain at a restaurant in Poole or a hotel near the Bournemouth seafront can close the doors, and in the busy summer months that is expensive. Coastal storms and heavy rain can overwhelm drains quickly too, which is why we keep engineers on call around the clock.',
            'For businesses the cost is counted in lost trade. A blocked drain at a restaurant in Poole or a hotel near the Bournemouth seafront can close the doors, and in the busy summer months that is expensive. Coastal storms and heavy rain can overwhelm drains quickly too, which is why our engineers are on call {when}.',
          ),
        ],
      },
    ],
    metaTitle: byTheLine(
      '24/7 Emergency Drain Service Bournemouth | BCP Drainage',
      'Emergency Drain Service Bournemouth | BCP Drainage',
    ),
    metaDescription: byTheLine(
      '24/7 emergency drain service across Bournemouth, Christchurch, Poole and the New Forest. No call-out charge, fixed prices and a fast local response.',
      'Emergency drain service across Bournemouth, Christchurch, Poole and the New Forest, {when}. No call-out charge, fixed prices and a fast local response.',
    ),
    keywords: [
      'emergency drain service Bournemouth',
      byTheLine('24 hour drain unblocking Poole', 'fast drain unblocking Poole'),
      'emergency drainage Christchurch',
      'overflowing drain emergency',
      byTheLine('out of hours drain engineer New Forest', 'emergency drain engineer New Forest'),
    ],
    image: '/images/services/emergency-service.svg',
    imageAlt: 'Illustration of a drainage van with its emergency lights on, arriving at a house at night',
  },
  {
    slug: 'commercial-drainage',
    title: 'Commercial Drainage',
    description:
      'Unblocking, surveys, repairs and planned maintenance for restaurants, hotels, holiday parks, offices and managed properties, scheduled around your trading hours.',
    features: [
      'Planned maintenance schedules',
      'Grease and fat management',
      'Out-of-hours working',
      'Reports for managers and insurers',
    ],
    subtitle:
      'Reliable drainage for businesses, landlords and managing agents across BCP and the New Forest, with minimal disruption to trade.',
    benefits: [
      'Work booked early, late or overnight to avoid disruption',
      'Clear reports and footage for your records',
      'Planned jetting to prevent costly blockages',
      byTheLine('24/7 emergency cover for your premises', 'Emergency cover for your premises, {when}'),
      'Fully licensed and insured',
      'One local point of contact',
    ],
    sections: [
      {
        heading: 'Drainage services for businesses',
        paragraphs: [
          'Commercial drains work far harder than domestic ones. A busy kitchen sends fat, oil and food waste down the pipes every day, a hotel or holiday park may have dozens of toilets and showers on one run, and shared drains serving flats or shops are only as good as their least careful user.',
          'We look after restaurants, cafés, pubs, hotels, guest houses, holiday parks, schools, care homes, offices, shops and blocks of flats across Bournemouth, Christchurch, Poole and the New Forest. The work ranges from one-off unblocking to surveys, repairs and regular planned maintenance.',
        ],
      },
      {
        heading: 'Signs your premises need attention',
        paragraphs: [
          'Slow-draining sinks in a commercial kitchen, smells in customer toilets, water standing in yard gullies and repeated blockages on the same run all point to a build-up that will eventually stop the flow completely.',
          "Grease traps that haven't been emptied, drains that back up after heavy rain, and pests around bins and external drains are other signs to act on. If you're taking on a lease or buying a building, a CCTV survey tells you the condition of the drains before they become your responsibility.",
        ],
      },
      {
        heading: 'How we work with you',
        paragraphs: [
          "We start by understanding your site: where the drains run, how they're used and when work would cause the least disruption. Where it helps, we carry out a CCTV survey and map the runs so everyone knows where the access points are.",
          'From there we agree a plan, whether that is a one-off clearance and repair or scheduled jetting and grease trap maintenance at intervals that suit your usage. Visits can be booked before opening, after closing or overnight, and each one is recorded with notes and footage.',
          byTheLine(
            'If something goes wrong between visits, you have our 24/7 emergency line and an engineer who already knows your site.',
            'If something goes wrong between visits, you have our emergency line ({when}) and an engineer who already knows your site.',
          ),
        ],
      },
      {
        heading: 'The cost of a drainage failure',
        paragraphs: [
          'A blocked drain in a commercial kitchen can mean closing for the day and throwing away stock. Overflowing toilets or external drains put hygiene standards and your reputation at risk, and an environmental health visit is the last thing any food business needs.',
          'Planned maintenance costs far less than emergency clearances and lost trade, especially in the peak summer season when the coast and the New Forest are at their busiest. A record of regular maintenance also helps when dealing with insurers and landlords.',
        ],
      },
    ],
    metaTitle: 'Commercial Drainage Bournemouth & Poole | BCP Drainage',
    metaDescription: byTheLine(
      'Commercial drainage for restaurants, hotels, holiday parks and landlords in Bournemouth, Poole, Christchurch and the New Forest. Planned upkeep and 24/7 cover.',
      'Commercial drainage for restaurants, hotels, holiday parks and landlords in Bournemouth, Poole, Christchurch and the New Forest. Planned upkeep and emergency cover.',
    ),
    keywords: [
      'commercial drainage Bournemouth',
      'commercial drain cleaning Poole',
      'restaurant drain unblocking',
      'grease trap cleaning Dorset',
      'drainage maintenance for landlords',
      'holiday park drainage New Forest',
    ],
    image: '/images/services/commercial-drainage.svg',
    imageAlt:
      'Illustration of a row of shop and restaurant fronts with an engineer jetting a drain in the service yard behind them',
  },
  {
    slug: 'preventive-maintenance',
    title: 'Preventive Maintenance',
    description:
      'Scheduled drain jetting, inspections and gully cleaning that stop blockages before they start, for homes, landlords and businesses.',
    features: [
      'Scheduled jetting and cleaning',
      'Regular CCTV health checks',
      'Gully and downpipe clearing',
      'Tailored to your property',
    ],
    subtitle: 'Keep your drains flowing with planned maintenance, so problems are found and fixed before they cause a flood.',
    benefits: [
      'Fewer emergencies and less disruption',
      'Cracks and root growth caught while they are small',
      'Visits planned around tenants, guests or trading hours',
      'A record of every visit for landlords and insurers',
      'A longer life for your drains',
    ],
    sections: [
      {
        heading: 'What preventive drain maintenance is',
        paragraphs: [
          'Preventive maintenance means cleaning and checking your drains on a schedule instead of waiting for them to block. A typical visit includes lifting covers, checking the flow through each chamber, clearing leaves and silt from gullies, and jetting any runs that are prone to build-up.',
          'At agreed intervals we also run a CCTV camera through the system to spot early signs of trouble, such as fine root growth, cracking or scale, and compare them with what we saw last time.',
        ],
      },
      {
        heading: 'Who benefits most',
        paragraphs: [
          "Holiday lets and second homes in Christchurch, Highcliffe, Lymington and the New Forest are used hard in summer and then sit empty. Guests don't always know what shouldn't go down the toilet, and a blockage on changeover day is the last thing you need.",
          "Landlords, managing agents and blocks of flats gain a record of the drains' condition and fewer tenant call-outs. Homes with mature trees nearby, older clay drainage or a history of blockages benefit from a yearly check, and commercial kitchens from regular jetting.",
          'Autumn is a common time for trouble. Leaves from tree-lined roads and gardens wash into gullies and soakaways, and the first big storms of the season find any weak points.',
        ],
      },
      {
        heading: 'How a maintenance plan works',
        paragraphs: [
          'We start with a survey to understand your drainage and its history. From that we recommend how often each part needs attention, perhaps quarterly jetting for a busy kitchen run or a yearly check for a family home, and agree a schedule with you.',
          'Each visit is booked in advance around your tenants, guests or opening hours. Afterwards you receive a short summary of what we did, what we found and anything to keep an eye on.',
        ],
      },
      {
        heading: 'Why prevention pays',
        paragraphs: [
          'Most drain emergencies start as small problems that were there for months: a little fat on the pipe wall, a few fine roots through a joint, a gully slowly filling with silt. Dealing with them on a routine visit is quick and inexpensive. The same problem at midnight on a bank holiday is not.',
          'Regular maintenance also protects the pipes themselves. Removing roots before they thicken, and scale before it hardens, can add years to the life of a drain and delay or avoid the need for relining or excavation.',
        ],
      },
    ],
    metaTitle: 'Preventive Drain Maintenance Bournemouth | BCP Drainage',
    metaDescription:
      'Planned drain maintenance for homes, holiday lets, landlords and businesses in Bournemouth, Poole, Christchurch and the New Forest. Stop blockages early.',
    keywords: [
      'drain maintenance Bournemouth',
      'planned drain jetting Poole',
      'holiday let drain maintenance',
      'landlord drain checks Christchurch',
      'preventive drain cleaning New Forest',
    ],
    image: '/images/services/preventive-maintenance.svg',
    imageAlt: 'Illustration of a calendar with a tick beside a clean, free-flowing drain pipe',
  },
  {
    slug: 'soakaways',
    title: 'Soakaways',
    description:
      'Inspection, cleaning, repair and replacement of soakaways that have silted up or stopped draining rainwater from your roof and driveway.',
    features: [
      'Soakaway inspection and testing',
      'Silt clearance and jetting',
      'Repair and replacement',
      'Advice for your soil type',
    ],
    subtitle: 'Standing water, a boggy lawn or overflowing downpipes? We find out why your soakaway has failed and put it right.',
    benefits: [
      'An honest diagnosis before any digging',
      'Designs suited to local ground conditions',
      'Modern crate systems built to last',
      'Protects your foundations from surface water',
      'Lawns and paving neatly reinstated',
    ],
    sections: [
      {
        heading: 'What a soakaway does',
        paragraphs: [
          "A soakaway is an underground pit or chamber that collects rainwater from your roof, gutters and hard surfaces and lets it soak gradually into the surrounding ground. Many homes in Bournemouth, Poole and the New Forest rely on one because their rainwater isn't connected to a sewer.",
          'Older soakaways are usually a hole filled with brick rubble or stone. Modern ones use plastic crates wrapped in a geotextile membrane, which hold more water and are much less prone to silting up.',
        ],
      },
      {
        heading: 'Signs your soakaway is failing',
        paragraphs: [
          "The clearest sign is water that won't go away: puddles on the lawn above the soakaway, gullies or downpipes that overflow in heavy rain, or a patch of garden that stays boggy for days afterwards.",
          'Over the years silt, leaves and fine soil wash in and clog the gaps between the rubble, and roots can grow in too. In low-lying areas beside the Stour and the Avon, or close to Christchurch Harbour, a high water table can leave a soakaway with nowhere to drain in a wet winter.',
        ],
      },
      {
        heading: 'How we fix soakaways',
        paragraphs: [
          "We start by tracing where your downpipes and gullies actually go, using CCTV and dye tests, and checking whether it's the pipe to the soakaway that is blocked or broken rather than the soakaway itself. Often jetting or a simple pipe repair is all that's needed.",
          'If the soakaway has reached the end of its life, we carry out a percolation test to see how quickly your ground drains. The free-draining sandy soils across much of Bournemouth and Poole behave very differently from the heavier clays in parts of the New Forest, and the size and position of a new soakaway depend on it.',
          'A replacement is normally sited at least five metres from buildings, built with modern crates wrapped in geotextile and fitted with an inspection point so it can be checked in future. We reinstate your lawn or paving neatly afterwards.',
        ],
      },
      {
        heading: 'What happens if you leave it',
        paragraphs: [
          'Rainwater that cannot escape has to go somewhere. It may pond against your walls, saturate the ground under your foundations or find its way in through an airbrick or into a cellar. On clay, repeated soaking and drying can contribute to ground movement.',
          'A failed soakaway also puts strain on the rest of your drainage: gutters overflow, downpipe joints leak and gullies back up. Fixing it before the next wet season costs far less than dealing with damp, damaged paving or a flooded garage.',
        ],
      },
    ],
    metaTitle: 'Soakaway Repairs in Bournemouth & Poole | BCP Drainage',
    metaDescription:
      'Soakaway inspection, cleaning, repair and replacement in Bournemouth, Poole, Christchurch and the New Forest. Stop standing water and flooded gardens.',
    keywords: [
      'soakaway repair Bournemouth',
      'soakaway replacement Poole',
      'blocked soakaway Christchurch',
      'new soakaway installation',
      'garden flooding drainage New Forest',
    ],
    image: '/images/services/soakaways.svg',
    imageAlt: 'Illustration of rain running from a house downpipe into an underground soakaway crate surrounded by gravel',
  },
  {
    slug: 'sinks-and-toilets',
    title: 'Sinks & Toilets',
    description:
      'Quick, tidy clearance of blocked sinks, toilets, baths and showers, plus repairs to leaking traps, wastes and toilet connections.',
    features: ['Blocked toilets and sinks', 'Showers, baths and basins', 'Leaking traps and wastes', 'Clean, careful working'],
    subtitle: "Blocked toilet, slow sink or a shower that won't drain? We clear it quickly and leave your home clean.",
    benefits: [
      'Fast, clean clearance with the right tools',
      "We find the cause so it doesn't keep happening",
      'Floors protected and mess cleared up',
      'Leaking wastes and toilet connections repaired',
      byTheLine('Available 24/7 for urgent blockages', 'Emergency line open {when} for urgent blockages'),
    ],
    sections: [
      {
        heading: 'Blocked sinks, toilets and showers',
        paragraphs: [
          "Most indoor blockages are close to the fitting: hair and soap in a shower or basin waste, fat and food in a kitchen sink trap, or wipes and too much paper in a toilet. Others are further down, in the soil stack or the drain outside, which is why a plunger sometimes works and sometimes doesn't.",
          'We clear toilets, kitchen and bathroom sinks, baths, showers, washing machine and dishwasher wastes, and the pipework that connects them to the drain.',
        ],
      },
      {
        heading: 'When to call us',
        paragraphs: [
          "Call us when water drains slowly or not at all, a toilet fills to the rim before it empties, one fitting gurgles when another is used, or there's a lingering smell from a plughole.",
          'If more than one fitting is affected, say the toilet and the bath, the blockage is probably in the main drain rather than the fitting, and it needs clearing before it overflows. Water seeping around the base of a toilet or dripping under a sink is worth dealing with promptly too, before it damages the floor or the ceiling below.',
        ],
      },
      {
        heading: 'How we clear them',
        paragraphs: [
          "We protect your floor and work from the fitting outwards. Depending on what we find, we use hand augers and specialist toilet tools, or take traps and wastes apart to remove the blockage. If the problem is in the stack or the underground drain, we'll clear it from outside with rods or jetting.",
          "Water across Bournemouth and Poole is hard, so older waste pipes often build up limescale and soap scum that catch hair and debris. Where a pipe is badly scaled or has too little fall, we'll tell you whether a new section of waste pipe would stop the problem coming back.",
          'Before we leave we test every fitting on the run and clean up after ourselves.',
        ],
      },
      {
        heading: "Why it's worth sorting quickly",
        paragraphs: [
          'A blocked toilet or sink is a nuisance, but the real risk is an overflow. Waste water soaking through a floor can stain ceilings and ruin flooring, and from a toilet it is a genuine health hazard.',
          'Repeated doses of chemical unblocker can damage plastic and older metal pipework and seals, and often just move the blockage further along. A professional clearance gets to the cause, and a quick word about what can and cannot be flushed usually stops it happening again.',
        ],
      },
    ],
    metaTitle: 'Blocked Sinks & Toilets Bournemouth | BCP Drainage',
    metaDescription: byTheLine(
      'Blocked toilet, sink, bath or shower in Bournemouth, Poole, Christchurch or the New Forest? Fast, tidy clearance and leak repairs, available 24/7.',
      'Blocked toilet, sink, bath or shower in Bournemouth, Poole, Christchurch or the New Forest? Fast, tidy clearance and leak repairs.',
    ),
    keywords: [
      'blocked toilet Bournemouth',
      'blocked sink Poole',
      'blocked shower Christchurch',
      'unblock toilet New Forest',
      'leaking sink waste repair',
    ],
    image: '/images/services/sinks-and-toilets.svg',
    imageAlt: 'Illustration of a bathroom with a toilet and basin, showing the waste pipes beneath them running clear',
  },
  {
    slug: 'dig-ups-repairs',
    title: 'Dig Ups & Repairs',
    description:
      "Excavation and replacement of collapsed, badly displaced or sunken drains where a no-dig repair isn't possible, with careful reinstatement.",
    features: [
      'Collapsed pipe replacement',
      'New drain runs and chambers',
      'Faults located before digging',
      'Careful surface reinstatement',
    ],
    subtitle: 'When a drain is beyond relining, we excavate and replace it properly, disturbing only as much as we need to.',
    benefits: [
      'Faults located by camera, so we dig in the right place',
      'Modern plastic pipe with properly bedded joints',
      'Drives, patios, paths and lawns neatly reinstated',
      'Tested and camera-checked before backfilling',
      '100% guaranteed workmanship',
      'Fully licensed and insured',
    ],
    sections: [
      {
        heading: 'When a drain needs to be dug up',
        paragraphs: [
          "Most drain faults can now be fixed without digging, but some can't. A pipe that has collapsed, joints that have slipped so far apart that a liner cannot bridge them, or a length that has sunk and holds water all need to be excavated and replaced.",
          'Excavation is also the answer when you need new drainage: for an extension, a new inspection chamber for easier access, re-routing a drain away from building work, or connecting a new bathroom or garden room.',
        ],
      },
      {
        heading: 'Signs of a collapsed or broken drain',
        paragraphs: [
          'Repeated blockages in the same place, even after jetting, are a classic sign. So are sinking paving or a dip in the lawn along the line of the drain, damp patches on walls near a drain run, sewage smells outside, and rats in the garden or the house.',
          "A CCTV survey confirms the cause. If relining won't work, we'll show you the footage and explain why before any digging is planned.",
        ],
      },
      {
        heading: 'How we carry out excavation repairs',
        paragraphs: [
          "We mark the exact position and depth of the fault on the surface using the camera's locator, so the excavation is as small as possible. Block paving is lifted and stacked for re-use, turf is cut and set aside, and the site is kept tidy throughout.",
          'The damaged section is replaced with modern plastic pipe, bedded and surrounded in pea shingle at the correct fall, and joined to the existing drain with flexible couplings. Before backfilling we test the new section and run a camera through it.',
          "If the drain turns out to be shared with neighbours or part of the public sewer, we'll tell you and liaise with the water company. Where building regulations apply, for example on a new connection, we make sure the work complies.",
        ],
      },
      {
        heading: "Why you shouldn't delay",
        paragraphs: [
          "A broken drain discharges into the ground every time it's used. On the sandy soils common across Bournemouth and Poole that water carries soil away with it, creating voids under paths, drives and foundations. On clay it softens the ground beneath footings.",
          'A collapse rarely stays the same size. A small excavation can become a much larger one if the pipe fails further or the ground around it subsides, and a broken drain gives rats an easy route into the drainage system and sometimes into your home.',
        ],
      },
    ],
    metaTitle: 'Drain Dig Ups & Repairs Bournemouth | BCP Drainage',
    metaDescription:
      'Excavation and replacement of collapsed and broken drains in Bournemouth, Poole, Christchurch and the New Forest, with neat reinstatement and a guarantee.',
    keywords: [
      'collapsed drain repair Bournemouth',
      'drain excavation Poole',
      'broken drain replacement Christchurch',
      'drain dig up New Forest',
      'new inspection chamber installation',
    ],
    image: '/images/services/dig-ups-repairs.svg',
    imageAlt: 'Illustration of an open trench in a garden with a new section of drain pipe being laid on a gravel bed',
  },
  {
    slug: 'pump-repairs',
    title: 'Pump Repairs',
    description:
      'Repairs and servicing for sewage pumps, package pumping stations, macerator toilets and surface water pumps at homes and businesses.',
    features: ['Sewage pumping stations', 'Macerator toilet units', 'Float switch and alarm faults', 'Servicing and replacement'],
    subtitle:
      'Pump alarm sounding or waste not clearing? We repair and service sewage and surface water pumps across BCP and the New Forest.',
    benefits: [
      'Fault finding on pumps, floats, alarms and valves',
      'Flooded pump chambers emptied and cleaned',
      'Servicing to prevent breakdowns',
      'Honest advice on repair or replacement',
      byTheLine('Available 24/7 for pump failures', 'Emergency line open {when} for pump failures'),
    ],
    sections: [
      {
        heading: 'Where pumps are used',
        paragraphs: [
          'Not every property can drain downhill to the sewer. Basements, garden annexes, barn conversions and homes set below the road often need a pumping station: a chamber with a pump that lifts waste up to the public sewer. Rural properties in the New Forest may pump to a treatment plant or to a sewer some distance away.',
          'Smaller pumps are common too. Macerator toilets make it possible to add a bathroom where there is no easy gravity connection, and surface water pumps keep lightwells, basements and low driveways from flooding.',
        ],
      },
      {
        heading: 'Signs of a pump problem',
        paragraphs: [
          'The most obvious sign is the high-level alarm. Other warnings include a pump that runs constantly or keeps switching on and off, a motor that hums without moving any water, tripping electrics, unusual noises, and smells from the chamber or the toilet.',
          'With a macerator, watch for slow emptying, water rising in the pan, or the unit running long after the flush. Wet wipes, sanitary products and fat are the usual culprits, wrapping around impellers and jamming floats.',
        ],
      },
      {
        heading: 'How we repair pumps',
        paragraphs: [
          'If the chamber is full, we first empty it and clear any blockage so you can use your facilities again. Then we check the pump, impeller, float switches, non-return valve, alarm and rising main to find the actual fault, rather than simply swapping parts.',
          'Many faults are fixed on the spot by freeing a jammed impeller or replacing a float switch or valve. Where a pump has reached the end of its life, we explain the options and supply and fit a suitable replacement, with any work on the electrical supply carried out by a qualified electrician.',
          'For pumping stations we recommend regular servicing, cleaning the chamber, checking the floats and testing the alarm, so problems are found before they cause a flood.',
        ],
      },
      {
        heading: 'The cost of a failed pump',
        paragraphs: [
          "When a sewage pump stops, the chamber keeps filling every time a toilet is flushed or a tap is run. Once it's full, waste backs up into the property or overflows outside, and in a busy household that can happen within hours.",
          'Running a struggling pump also shortens its life. A sticking float can burn out a motor, and a failed non-return valve makes the pump work far harder than it should. Calling us when the alarm first sounds often means a repair instead of a replacement.',
        ],
      },
    ],
    metaTitle: 'Sewage Pump Repairs Bournemouth & Poole | BCP Drainage',
    metaDescription: byTheLine(
      'Sewage pump, pumping station and macerator repairs in Bournemouth, Poole, Christchurch and the New Forest. Fault finding, servicing and 24/7 callouts.',
      'Sewage pump, pumping station and macerator repairs in Bournemouth, Poole, Christchurch and the New Forest. Fault finding, servicing and emergency callouts.',
    ),
    keywords: [
      'sewage pump repair Bournemouth',
      'pumping station service Poole',
      'macerator repair Christchurch',
      'pump alarm callout New Forest',
      'basement pump repair Dorset',
    ],
    image: '/images/services/pump-repairs.svg',
    imageAlt: 'Illustration of a cutaway underground pump chamber with a submersible pump, float switch and rising main',
  },
  {
    slug: 'emergency-plumbing',
    title: 'Emergency Plumbing',
    description: byTheLine(
      'Round-the-clock help with burst pipes, serious leaks, overflowing toilets and failed fittings, with no call-out charge on emergencies.',
      'Fast help with burst pipes, serious leaks, overflowing toilets and failed fittings, with no call-out charge on emergencies.',
    ),
    features: ['Burst and leaking pipes', 'Overflowing toilets and cisterns', 'Help finding your stopcock', 'No call-out charge'],
    subtitle: byTheLine(
      byTheLine(
        "Burst pipe or a leak you can't stop? Call our 24/7 line and we'll get an engineer to you fast.",
        "Burst pipe or a leak you can't stop? Call our emergency line ({when}) and we'll get an engineer to you fast.",
      ),
      "Burst pipe or a leak you can't stop? Call our emergency line ({when}) and we'll get an engineer to you fast.",
    ),
    benefits: [
      byTheLine('24/7 response across BCP and the New Forest', 'Emergency response {when} across BCP and the New Forest'),
      'We aim to be with you within 1-2 hours',
      'No call-out charge on emergencies',
      'The price agreed before we start',
      'Leaks made safe and properly repaired',
      'Fully licensed and insured',
    ],
    sections: [
      {
        heading: 'What we handle',
        paragraphs: [
          'Our emergency plumbing service covers the water problems that cannot wait: burst or split pipes, leaks coming through ceilings, failed joints and isolation valves, overflowing cisterns and toilets, and leaking wastes under sinks and baths.',
          "Because we're a drainage company as well, we're well placed when a plumbing problem and a drain problem turn up together, such as a toilet leaking at the pan connector because the soil pipe beyond it is blocked.",
        ],
      },
      {
        heading: 'What to do straight away',
        paragraphs: [
          'Turn off the water at the stopcock. It is usually under the kitchen sink, but in older homes it may be in a cupboard, under the stairs or beneath a floorboard near the front door. If the leak is from a tank in the loft, close the valve on the pipe leaving the tank as well.',
          "If water is near light fittings or sockets, switch off the electricity at the consumer unit if it's safe to do so. Open the cold taps to drain the system down, catch what you can in buckets and move valuables out of the way. Then call us and we'll talk you through anything else.",
        ],
      },
      {
        heading: 'How we fix it',
        paragraphs: [
          'We find the source of the leak, isolate it and make the property safe first. Then we repair or replace the damaged pipework or fitting, whether that is a split copper pipe, a failed push-fit joint, a worn valve or a cracked waste.',
          "We explain what needs doing and agree the price before we start, and there's no call-out charge on emergencies. If a temporary repair is the sensible option in the middle of the night, we'll say so and arrange to come back for the permanent fix.",
          "We don't work on gas appliances, so for a boiler or gas fault you'll need a Gas Safe registered engineer.",
        ],
      },
      {
        heading: 'Why every minute counts',
        paragraphs: [
          'A burst pipe on the mains can release a lot of water in a short time. It soaks through floors, brings down ceilings and gets into electrics, insulation and timber, and drying out can take weeks.',
          'Cold snaps, when pipes in lofts, garages and outbuildings freeze and split, are a particular risk for holiday lets and second homes that stand empty for weeks at a time. Turning the water off quickly and getting a repair in place keeps the damage, and any insurance claim, to a minimum.',
        ],
      },
    ],
    metaTitle: byTheLine(
      byTheLine(
        'Emergency Plumber Bournemouth & Poole 24/7 | BCP Drainage',
        'Emergency Plumber Bournemouth & Poole | BCP Drainage',
      ),
      'Emergency Plumber Bournemouth & Poole | BCP Drainage',
    ),
    metaDescription: byTheLine(
      byTheLine(
        '24/7 emergency plumber for burst pipes, leaks and overflowing toilets in Bournemouth, Poole, Christchurch and the New Forest. No call-out charge.',
        'Emergency plumber for burst pipes, leaks and overflowing toilets in Bournemouth, Poole, Christchurch and the New Forest, {when}. No call-out charge.',
      ),
      'Emergency plumber for burst pipes, leaks and overflowing toilets in Bournemouth, Poole, Christchurch and the New Forest, {when}. No call-out charge.',
    ),
    keywords: [
      'emergency plumber Bournemouth',
      byTheLine('24 hour plumber Poole', 'emergency plumber Poole'),
      'burst pipe repair Christchurch',
      'emergency plumber New Forest',
      'leak repair Southbourne',
    ],
    image: '/images/services/emergency-plumbing.svg',
    imageAlt: 'Illustration of a plumber tightening a fitting on a burst water pipe under a kitchen sink',
  },
  {
    slug: 'root-cutting',
    title: 'Root Cutting',
    description:
      'Removal of tree roots from drains with specialist cutting tools and high-pressure jetting, followed by repairs that stop them growing back.',
    features: ['Mechanical root cutting', 'High-pressure jetting', 'CCTV before and after', 'Relining to stop regrowth'],
    subtitle: "Tree roots blocking your drains? We cut them out cleanly and seal the pipe so they can't get back in.",
    benefits: [
      'Roots removed without digging',
      'Camera footage before and after',
      'Options to seal the pipe and stop regrowth',
      'Only the roots inside the pipe are removed',
      '100% guaranteed workmanship',
    ],
    sections: [
      {
        heading: 'How roots get into drains',
        paragraphs: [
          'Tree and shrub roots are drawn to the moisture and nutrients in a drain. They find their way in through tiny gaps at joints or hairline cracks, and once inside they grow quickly into a dense mat that catches paper, fat and debris until the pipe blocks.',
          'Older clay drains with mortar joints are especially vulnerable. We see a lot of root ingress along the tree-lined roads of the New Forest, in leafy Ferndown, Ringwood and Lyndhurst, and in Bournemouth, where mature pines fill so many gardens. Willow, poplar and sycamore are among the most persistent, but almost any tree or hedge can cause trouble.',
        ],
      },
      {
        heading: 'Signs of root ingress',
        paragraphs: [
          'Repeated blockages on the same run, slow drainage that gets worse in summer when trees are thirsty, and gurgling gullies are common early signs. Sometimes you can see fine roots in an inspection chamber.',
          "Left long enough, roots crack and displace a pipe, so look out for sinking paving near a drain, damp patches or smells. A CCTV survey shows exactly where the roots are getting in and how much damage they've done.",
        ],
      },
      {
        heading: 'How we remove roots',
        paragraphs: [
          'We survey the drain first to see where the roots are and how much of the pipe they fill. Then we cut them out with electro-mechanical cutters and root-cutting heads on our high-pressure jetting equipment, working from the inspection chamber without any digging.',
          "Cutting clears the pipe, but the gaps the roots came through are still there. To stop them growing back we recommend sealing the affected joints with a patch repair or relining the run, which we can usually do straight after cutting. Where roots have broken a pipe badly, we'll advise whether excavation is needed.",
          'Removing the tree is rarely necessary. Once the pipe is sealed, the roots have no way back in.',
        ],
      },
      {
        heading: 'Why roots need dealing with early',
        paragraphs: [
          "Roots don't stop growing. Fine hair roots this year become thick, woody roots next year, and as they swell they crack and lift the pipe. A problem that can be cut out and patched today can mean a full relining or an excavation later.",
          'Root-blocked drains also back up without warning, often in heavy rain or when the house is full of guests. Cutting and sealing now costs far less than cleaning up after an overflow.',
        ],
      },
    ],
    metaTitle: 'Drain Root Cutting in Bournemouth & Poole | BCP Drainage',
    metaDescription:
      'Tree roots in your drains? Root cutting, jetting and no-dig relining in Bournemouth, Poole, Christchurch and the New Forest to stop roots growing back.',
    keywords: [
      'drain root cutting Bournemouth',
      'tree roots in drains Poole',
      'root removal drain Christchurch',
      'root ingress repair New Forest',
      'drain root cutter service',
    ],
    image: '/images/services/root-cutting.svg',
    imageAlt:
      'Illustration of tree roots growing through a cracked drain joint, with a rotating cutter clearing them from inside the pipe',
  },
] as const satisfies readonly Omit<Service, 'icon' | 'cta'>[];

/** The 12 services with their icons and calls to action. */
export const services: readonly Service[] = serviceTexts.map((text) => ({ ...text, ...serviceKinds[text.slug]! }));

export function serviceBySlug(slug: string): Service | undefined {
  return services.find((service) => service.slug === slug);
}
