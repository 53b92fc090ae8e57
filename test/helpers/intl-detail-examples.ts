/**
 * One input per row of the international field tables that has a source (intl/detail-fields.ts,
 * address-fields.ts), with the values it answers: test/api/intl-addver-details.test.ts walks
 * the tables over HTTP with these.
 */
export type Example = { address: unknown; expect: Record<string, string> };

export const ORGANIZATION: Example = {
  address: {
    country: 'GB',
    line1: 'Acme Widgets Ltd',
    line2: '10 Downing Street',
    city: 'London',
    postalOrZip: 'SW1A 2AA',
  },
  expect: { organization: 'ACME WIDGETS LTD', firmName: 'ACME WIDGETS LTD' },
};
export const COTTAGE: Example = {
  address: { country: 'GB', line1: 'Rose Cottage, 5 Church Lane', city: 'London', postalOrZip: 'SW1A 2AA' },
  expect: { building: 'ROSE COTTAGE', buildingType: 'COTTAGE', streetType: 'LANE' },
};
export const FLAT: Example = {
  address: {
    country: 'GB',
    line1: 'Flat 2, 2nd Floor, 221B Baker Street',
    city: 'London',
    postalOrZip: 'NW1 6XE',
  },
  expect: {
    subBuilding: 'FLAT 2, 2ND FLOOR',
    subBuildingType: 'FLAT',
    subBuildingNumber: '2',
    SubBuildingFloor: '2',
    premise: '221B',
    premiseNumber: '221',
    premiseSecondary: 'B',
    street: 'BAKER STREET',
    deliveryAddress: '221B BAKER STREET',
    cityName: 'LONDON',
    subAdministrativeArea: 'GREATER LONDON',
  },
};
export const SINGAPORE: Example = {
  address: { country: 'SG', line1: 'Blk 123 Ang Mo Kio Ave 3', postalOrZip: '560123' },
  expect: { premiseType: 'BLK', premise: '123', streetType: 'AVE', cityName: 'SINGAPORE' },
};
export const WASHINGTON: Example = {
  address: {
    country: 'US',
    line1: '1600 Pennsylvania Ave NW',
    city: 'Washington',
    provinceOrState: 'DC',
    postalOrZip: '20500-0003',
  },
  expect: {
    streetPostDirection: 'NW',
    postalOrZipPrimary: '20500',
    postalOrZipSecondary: '0003',
    provinceOrStateName: 'DISTRICT OF COLUMBIA',
    provinceOrStateType: 'DISTRICT',
  },
};
export const COLUMBUS: Example = {
  address: {
    country: 'US',
    line1: '77 N High St',
    city: 'Columbus',
    provinceOrState: 'OH',
    postalOrZip: '43215',
  },
  expect: { streetPreDirection: 'N', streetType: 'ST', zipPlus4: '3413', subAdministrativeArea: 'FRANKLIN' },
};
export const DEPENDENT_STREET: Example = {
  address: {
    country: 'GB',
    line1: '1 North Acacia Avenue, High Street',
    city: 'London',
    postalOrZip: 'SW1A 2AA',
  },
  expect: {
    subStreet: 'NORTH ACACIA AVENUE',
    subStreetType: 'AVENUE',
    subStreetPreDirection: 'NORTH',
    street: 'HIGH STREET',
    streetType: 'STREET',
    deliveryAddress: '1 NORTH ACACIA AVENUE, HIGH STREET',
  },
};
export const DEPENDENT_STREET_POST: Example = {
  address: {
    country: 'GB',
    line1: '1 Acacia Avenue North, High Street',
    city: 'London',
    postalOrZip: 'SW1A 2AA',
  },
  expect: { subStreet: 'ACACIA AVENUE NORTH', subStreetPostDirection: 'NORTH' },
};
export const POSTFACH: Example = {
  address: { country: 'DE', line1: 'Postfach 1234', city: 'Berlin', postalOrZip: '10117' },
  expect: { postBox: 'POSTFACH 1234', deliveryAddress: 'POSTFACH 1234' },
};
export const LOCALITIES: Example = {
  address: '10 Church Lane, Little Snoring, Fakenham, Norwich NR21 0AA, United Kingdom',
  expect: { dependentLocality: 'FAKENHAM', doubleDependentLocality: 'LITTLE SNORING' },
};
export const PARIS: Example = {
  address: { country: 'FR', line1: '8 Rue de Rivoli', city: 'Paris 4e', postalOrZip: '75004' },
  expect: { dependentLocality: '4E ARRONDISSEMENT', streetType: 'RUE', cityName: 'PARIS' },
};
export const MILANO: Example = {
  address: {
    country: 'IT',
    line1: 'Via Roma 15',
    city: 'Milano',
    provinceOrState: 'MI',
    postalOrZip: '20121',
  },
  expect: {
    citySecondary: 'MILAN',
    provinceOrStateType: 'METROPOLITAN CITY',
    superAdministrativeArea: 'LOMBARDY',
    streetType: 'VIA',
  },
};
export const YOKOHAMA: Example = {
  address: {
    country: 'JP',
    line1: '1-1 Minatomirai',
    city: 'Yokohama-shi',
    provinceOrState: 'Kanagawa',
    postalOrZip: '2200012',
  },
  expect: { cityType: 'CITY', premiseNumber: '1', premiseSecondary: '1' },
};
export const BAYERN: Example = {
  address: {
    country: 'DE',
    line1: 'Marienplatz 1',
    city: 'München',
    provinceOrState: 'BY',
    postalOrZip: '80331',
  },
  expect: { provinceOrStateName: 'BAYERN', provinceOrStateType: 'LAND', streetType: 'PLATZ' },
};

export const EXAMPLES = [
  ORGANIZATION,
  COTTAGE,
  FLAT,
  SINGAPORE,
  WASHINGTON,
  COLUMBUS,
  DEPENDENT_STREET,
  DEPENDENT_STREET_POST,
  POSTFACH,
  LOCALITIES,
  PARIS,
  MILANO,
  YOKOHAMA,
  BAYERN,
];
export const ADDRESS_LEVEL = new Set(['firmName', 'zipPlus4']);
