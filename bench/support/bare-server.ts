import Fastify from 'fastify';

/** The baseline: a bare Fastify route answering the same contact JSON, no auth, no database. */
const contact = {
  id: 'contact_JuhifNHL5GKiwQuELyWWBR',
  object: 'contact',
  live: false,
  firstName: 'Kevin',
  addressLine1: '90 Canal St',
  city: 'Boston',
  provinceOrState: 'MA',
  postalOrZip: '02114',
  countryCode: 'US',
  addressStatus: 'verified',
  skipVerification: false,
  forceVerifiedStatus: false,
  createdAt: '2026-11-22T06:51:53.904Z',
  updatedAt: '2026-11-22T06:51:53.904Z',
};
const app = Fastify();
app.get('/contact/:id', async () => contact);
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('bare listening');
