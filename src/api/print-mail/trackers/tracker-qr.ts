import { bwipJs } from '../../../platform/packages-on-first-use.js';

/**
 * A QR code of `url` as an SVG data URL, for `<img src="{{tracker_....qrcode}}">`: vector, so
 * it prints sharp at any size, and inline, since renders never reach the network. Error
 * correction M survives the smudges mail gets; the 4-module quiet zone is part of the image,
 * and its default size is 1 inch (CSS on the img overrides it).
 */
export function qrCodeDataUrl(url: string): string {
  // eclevel is a BWIPP option the typings do not list; bwip-js passes it through.
  const options = { bcid: 'qrcode', text: url, eclevel: 'M', paddingwidth: 8, paddingheight: 8 };
  const svg = bwipJs().toSVG(options).replace('<svg ', '<svg width="1in" height="1in" ');
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
