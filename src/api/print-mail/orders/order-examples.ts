/**
 * The parties and pieces the API reference's examples use, so each kind's create example
 * (its descriptor's `example`) and the other resources' examples name the same people.
 */
export const EXAMPLE_RECIPIENT = {
  firstName: 'Kevin',
  lastName: 'Smith',
  addressLine1: '90 Canal St',
  city: 'Boston',
  provinceOrState: 'MA',
  postalOrZip: '02114',
  countryCode: 'US',
};

export const EXAMPLE_SENDER = {
  companyName: 'Postroom Inc.',
  addressLine1: '1 Main St',
  city: 'Cambridge',
  provinceOrState: 'MA',
  postalOrZip: '02142',
  countryCode: 'US',
};

export const examplePage = (text: string) => `<html><body style="margin:0.5in"><p>${text}</p></body></html>`;

export const EXAMPLE_BANK_ACCOUNT = 'bank_2Yb5sTgd8RbYf1Xg7xBcQ9';
