const place = (city, region, postalCode, countryCode, utcOffsetMinutes, facility) => ({ city, region, postalCode, countryCode, utcOffsetMinutes, facility });
/** Domestic network of the e-commerce division and of Carrier B (Arizona, Hawaii, Puerto Rico: no daylight saving). */
export const US_PLACES = [
    place('Phoenix', 'AZ', '85034', 'US', -420, 'PHX'),
    place('Tucson', 'AZ', '85706', 'US', -420, 'TUS'),
    place('Flagstaff', 'AZ', '86001', 'US', -420, 'FLG'),
    place('Yuma', 'AZ', '85365', 'US', -420, 'YUM'),
    place('Mesa', 'AZ', '85210', 'US', -420, 'MSC'),
    place('Honolulu', 'HI', '96819', 'US', -600, 'HNL'),
    place('Hilo', 'HI', '96720', 'US', -600, 'ITO'),
    place('San Juan', 'PR', '00907', 'US', -240, 'SJU'),
];
/** Ground network of Carrier B: one state, trucks only. */
export const GROUND_PLACES = US_PLACES.filter((p) => p.region === 'AZ');
export const WORLD_PLACES = [
    ...US_PLACES.slice(0, 2),
    US_PLACES[5],
    place('Singapore', '', '819663', 'SG', 480, 'SIN'),
    place('Tokyo', '13', '144-0041', 'JP', 540, 'TYO'),
    place('Osaka', '27', '559-0034', 'JP', 540, 'OSA'),
    place('Mumbai', 'MH', '400099', 'IN', 330, 'BOM'),
    place('Bengaluru', 'KA', '560300', 'IN', 330, 'BLR'),
    place('Delhi', 'DL', '110037', 'IN', 330, 'DEL'),
    place('Kathmandu', '', '44600', 'NP', 345, 'KTM'),
    place('Brisbane', 'QLD', '4008', 'AU', 600, 'BNE'),
    place('Johannesburg', 'GP', '1627', 'ZA', 120, 'JNB'),
    place('Cape Town', 'WC', '7525', 'ZA', 120, 'CPT'),
    place('Bogotá', 'DC', '110931', 'CO', -300, 'BOG'),
    place('Lima', 'LIM', '07031', 'PE', -300, 'LIM'),
    place('Reykjavík', '', '101', 'IS', 0, 'REK'),
    place('Nairobi', '', '00501', 'KE', 180, 'NBO'),
    place('Shanghai', 'SH', '201202', 'CN', 480, 'SHA'),
    place('Seoul', '', '07505', 'KR', 540, 'SEL'),
];
/** Sorting hubs of international movements. */
export const WORLD_HUBS = WORLD_PLACES.filter((p) => ['SIN', 'BOM', 'SHA', 'PHX', 'JNB'].includes(p.facility));
