/**
 * Postroom's mark for the API reference's top bar (Swagger UI draws it 40 px high on its dark
 * bar): an envelope with a stamp, and the name. Ours, drawn for Postroom, so the page no longer
 * shows the Fastify logo that @fastify/swagger-ui puts there by default.
 */
export const POSTROOM_LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="40" viewBox="0 0 200 40">
  <title>Postroom</title>
  <rect x="2" y="6" width="40" height="28" rx="3" fill="#ffffff"/>
  <path d="M4 9 L22 23 L40 9" fill="none" stroke="#1f5f8b" stroke-width="3" stroke-linejoin="round"/>
  <rect x="31" y="11" width="8" height="9" fill="#e8663d"/>
  <text x="52" y="28" font-family="Helvetica, Arial, sans-serif" font-size="22" font-weight="700" fill="#ffffff">Postroom</text>
</svg>`;
