import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  areaCondition,
  boundingBox,
  EARTH_RADIUS_MILES,
  haversineMiles,
} from '../../src/api/print-mail/targeted-list-builds/area-query.js';
import { checkFilters } from '../../src/api/print-mail/targeted-list-builds/list-build-filters.js';
import {
  contactOfPoint,
  previewOfPoint,
} from '../../src/api/print-mail/targeted-list-builds/point-contacts.js';
import { ApiError } from '../../src/platform/errors.js';

/** The point `miles` from (lat, lon) along `bearing` degrees: the direct geodesic on a sphere. */
function destination(lat: number, lon: number, bearing: number, miles: number) {
  const r = (d: number) => (d * Math.PI) / 180;
  const d = miles / EARTH_RADIUS_MILES;
  const lat2 = Math.asin(
    Math.sin(r(lat)) * Math.cos(d) + Math.cos(r(lat)) * Math.sin(d) * Math.cos(r(bearing)),
  );
  const lon2 =
    r(lon) +
    Math.atan2(
      Math.sin(r(bearing)) * Math.sin(d) * Math.cos(r(lat)),
      Math.cos(d) - Math.sin(r(lat)) * Math.sin(lat2),
    );
  return { lat: (lat2 * 180) / Math.PI, lon: (lon2 * 180) / Math.PI };
}

describe('radius geometry', () => {
  test('haversine: a degree of latitude is 2πR/360 miles; Louisville to San Francisco about 1,980', () => {
    assert.ok(
      Math.abs(
        haversineMiles({ lat: 0, lon: 0 }, { lat: 1, lon: 0 }) - (2 * Math.PI * EARTH_RADIUS_MILES) / 360,
      ) < 1e-9,
    );
    const miles = haversineMiles({ lat: 38.2527, lon: -85.7585 }, { lat: 37.7749, lon: -122.4194 });
    assert.ok(miles > 1970 && miles < 1995, String(miles));
  });

  test('the box holds every point of the circle, and touches it (no wider than needed)', () => {
    for (const [lat, lon, miles] of [
      [38.2222, -85.6885, 3],
      [61.2, -149.9, 100],
      [25.77, -80.19, 0.1],
      [-33.9, 151.2, 42],
    ]) {
      const box = boundingBox(lat, lon, miles);
      for (let bearing = 0; bearing < 360; bearing += 7.5) {
        for (const share of [0.5, 0.999999]) {
          const p = destination(lat, lon, bearing, miles * share);
          assert.ok(p.lat >= box.minLat && p.lat <= box.maxLat, `lat at ${bearing}°`);
          assert.ok(p.lon >= box.minLon && p.lon <= box.maxLon, `lon at ${bearing}°`);
        }
      }
      const north = { lat: box.maxLat, lon };
      assert.ok(Math.abs(haversineMiles({ lat, lon }, north) - miles) < 1e-6, 'north edge on the circle');
      // The widest point of the circle reaches the box's east edge.
      let east = Number.NEGATIVE_INFINITY;
      for (let bearing = 60; bearing <= 120; bearing += 0.01)
        east = Math.max(east, destination(lat, lon, bearing, miles).lon);
      assert.ok(Math.abs(east - box.maxLon) < 1e-6, `east edge ${east} vs ${box.maxLon}`);
    }
  });

  test('a circle over a pole or across the antimeridian takes every longitude', () => {
    assert.deepEqual([boundingBox(89.9, 10, 50).minLon, boundingBox(89.9, 10, 50).maxLon], [-180, 180]);
    assert.deepEqual([boundingBox(51, 179.9, 20).minLon, boundingBox(51, 179.9, 20).maxLon], [-180, 180]);
  });
});

describe('area conditions', () => {
  test('parameters are numbered from `first`, in the order of their values', () => {
    const zips = areaCondition({ kind: 'zips', zips: ['40205'] }, 3);
    assert.equal(zips.sql, 'zip = ANY($3::text[])');
    assert.deepEqual(zips.values, [['40205']]);
    const cities = areaCondition({ kind: 'cities', cities: [{ city: 'LOUISVILLE', state: 'KY' }] }, 1);
    assert.deepEqual(cities.values, [['KY'], ['LOUISVILLE']]);
    assert.match(cities.sql, /address_point_areas/);
    assert.doesNotMatch(cities.sql, /\$3/);
    const radius = areaCondition({ kind: 'radius', lat: 38, lon: -85, miles: 2 }, 2);
    assert.equal(radius.values.length, 7);
    assert.match(radius.sql, /\$8/);
    assert.doesNotMatch(radius.sql, /\$1\b|\$9/);
    const box = boundingBox(38, -85, 2);
    assert.deepEqual(radius.values.slice(0, 4), [box.minLat, box.maxLat, box.minLon, box.maxLon]);
    assert.deepEqual(areaCondition({ kind: 'none' }), { sql: 'false', values: [] });
  });
});

describe('filters', () => {
  const refused = (input: object, field: RegExp) => {
    assert.throws(
      () => checkFilters(input),
      (err: unknown) => err instanceof ApiError && err.statusCode === 400 && field.test(err.message),
    );
  };

  test('one geographic filter; cities parsed to the points’ form; empty unused filters ignored', () => {
    assert.deepEqual(checkFilters({ usConsumers: { zipCodes: ['40205', '40205'], ageRange: [] } }), {
      audience: 'consumers',
      request: { kind: 'zips', zips: ['40205'] },
      stored: { usConsumers: { zipCodes: ['40205', '40205'] } },
    });
    assert.deepEqual(
      checkFilters({ usConsumers: { cityStates: ['New  York, ny', 'Louisville, Kentucky'] } }).request,
      {
        kind: 'cities',
        cities: [
          { city: 'NEW YORK', state: 'NY' },
          { city: 'LOUISVILLE', state: 'KY' },
        ],
      },
    );
    assert.deepEqual(
      checkFilters({ usConsumers: { zipCodesAround: { zipCode: '40205', radiusInMiles: 2.5 } } }).request,
      { kind: 'around', zipCode: '40205', miles: 2.5 },
    );
    assert.equal(
      checkFilters({ usCompanies: { postalCodes: ['40202'], industries: [] } }).audience,
      'companies',
    );
  });

  test('what the points cannot answer, or a request without one area, is a 400 naming the field', () => {
    refused(
      { usConsumers: { zipCodes: ['40205'], ageRange: [30, 40] } },
      /^usConsumers\.ageRange is not supported/,
    );
    refused({ usConsumers: { zipCodes: ['40205'], gender: 'female' } }, /^usConsumers\.gender /);
    refused({ usCompanies: { postalCodes: ['40202'], naicsCodes: ['541511'] } }, /^usCompanies\.naicsCodes /);
    refused(
      { usConsumers: { zipCodes: ['40205'], favouriteColour: 'red' } },
      /^usConsumers\.favouriteColour is not a filter/,
    );
    refused(
      { usConsumers: { zipCodes: ['40205'], cityStates: ['Louisville, KY'] } },
      /^usConsumers\.cityStates cannot be combined/,
    );
    refused({ usConsumers: {} }, /^usConsumers needs one of/);
    refused({}, /^usConsumers or usCompanies is required/);
    refused(
      { usConsumers: { zipCodes: ['1'] }, usCompanies: { postalCodes: ['2'] } },
      /^usConsumers cannot be combined/,
    );
    refused(
      { usConsumers: { cityStates: ['Louisville'] } },
      /^usConsumers\.cityStates\[0\] must be "City, ST"/,
    );
    refused({ usConsumers: { cityStates: ['Toronto, ON'] } }, /^usConsumers\.cityStates\[0\]/);
  });
});

describe('contacts of points', () => {
  const point = {
    zip: '40205',
    state: 'KY',
    city: 'LOUISVILLE',
    number: '1950',
    street: 'NEWBURG RD',
    unitDesignator: 'APT',
    unitId: '2',
  };

  test('a generic addressee, never a name: Current Resident (consumers), Current Occupant (companies)', () => {
    assert.deepEqual(contactOfPoint(point, 'consumers'), {
      firstName: 'Current Resident',
      addressLine1: '1950 NEWBURG RD',
      addressLine2: 'APT 2',
      city: 'LOUISVILLE',
      provinceOrState: 'KY',
      postalOrZip: '40205',
      countryCode: 'US',
    });
    const company = contactOfPoint({ ...point, unitDesignator: null, unitId: '7' }, 'companies');
    assert.equal(company.companyName, 'Current Occupant');
    assert.equal(company.firstName, undefined);
    assert.equal(company.addressLine2, '#7');
  });

  test('previews mask the street line and unit, and show the area', () => {
    assert.deepEqual(previewOfPoint(point, 'consumers'), {
      name: 'Current Resident',
      formattedAddress: '1*** N****** R*, A** 2, LOUISVILLE, KY, 40205',
    });
  });
});
