/** Word lists for parties of sandbox shipments; all invented. */
export const GIVEN_NAMES = [
    'Amara', 'Bao', 'Carmen', 'Dmitri', 'Elif', 'Farid', 'Grace', 'Hiro', 'Ines', 'Jonas', 'Kavya', 'Luca', 'Maya',
    'Nikolai', 'Olufemi', 'Priya', 'Quentin', 'Rosa', 'Sanjay', 'Tamar', 'Uma', 'Viktor', 'Wen', 'Yusuf', 'Zanele',
];
export const FAMILY_NAMES = [
    'Abara', 'Bergström', 'Castillo', 'Dubois', 'Eriksen', 'Fujita', 'García', 'Haddad', 'Iyer', 'Jensen', 'Kowalski',
    'Lindqvist', 'Mensah', 'Nakamura', 'Okafor', 'Petrov', 'Quispe', 'Rahman', 'Silva', 'Tanaka', 'Urquhart', 'Varga',
];
export const ORGANIZATIONS = [
    'Northwind Outdoor Supply', 'Bluefin Electronics', 'Copperleaf Home Goods', 'Meridian Books', 'Saltmarsh Apparel',
    'Tallgrass Coffee Roasters', 'Juniper Toy Works', 'Harbourlight Ceramics', 'Quarry Lane Tools', 'Foxglove Cosmetics',
];
export const STREETS = [
    'Market Street', 'Harbour Road', 'Station Avenue', 'Mill Lane', 'Orchard Way', 'Canal Street', 'Hillside Drive',
    'Cedar Court', 'Riverside Parade', 'Kingfisher Close', 'Lantern Row', 'Granary Walk',
];
