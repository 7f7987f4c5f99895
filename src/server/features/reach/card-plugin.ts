// The printable side of distribution points: GET /api/distribution-points/{id}/card.pdf (one card),
// GET /api/distribution-points/cards.pdf?ids=1,2,... (a sheet of many, A4, 8 a page, cut marks), and
// the QR code alone, /api/distribution-points/{id}/qr.svg and qr.png. For whoever manages the
// points (an id the caller does not manage is not found); links from PUBLIC_URL, else this request's address.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import QRCode from 'qrcode';
import { ownPlugin, type ServerContext } from '../../core/context.ts';
import { badRequest, forbidden, notFound } from '../../core/errors.ts';
import { isStaff } from '../../core/access/roles.ts';
import { idParam, rowIdOf } from '../../core/http/row-id.ts';
import { publicBase } from '../../core/http/public-url.ts';
import { DISTRIBUTION_POINTS } from '../../../engine/contract/reach.ts';
import { managesPoint, storedPoint, type PointRow } from './points.ts';
import { FormPages } from './form-page.ts';
import { CardDrawer } from './card-pool.ts';
import type { Card } from './card-pdf.ts';

type IdRequest = FastifyRequest<{ Params: { id: string } }>;
/** The most cards one sheet request draws (13 pages). */
const MAX_CARDS = 100;

export const cardPlugin = ownPlugin('distribution-cards', async (app: FastifyInstance, ctx: ServerContext) => {
  const { db } = ctx;
  const pages = new FormPages(ctx.registry.forms);
  const drawer = new CardDrawer();
  app.addHook('onClose', () => drawer.stop());

  async function managed(request: FastifyRequest, id: number): Promise<PointRow> {
    if (!isStaff(request.caller)) throw forbidden();
    const row = await storedPoint(db, id);
    if (!row || !managesPoint(request.caller, pages.form(row.data.form), row.data.venue)) throw notFound();
    return row;
  }

  const shortUrl = (request: FastifyRequest, row: PointRow) => `${publicBase(ctx.config, request)}/q/${row.data.code}`;

  async function cardOf(request: FastifyRequest, row: PointRow): Promise<Card> {
    const collection = pages.form(row.data.form)?.compiled.venue?.collection;
    const { rows } = await db.query<{ name: string | null }>(
      `SELECT data->>'name' AS name FROM documents WHERE collection = $1 AND data->>'slug' = $2 LIMIT 1`,
      [collection, row.data.venue],
    );
    return { venueName: rows[0]?.name ?? row.data.venue, pointName: row.data.name, shortUrl: shortUrl(request, row) };
  }

  const sendPdf = (reply: FastifyReply, pdf: Buffer, name: string) =>
    reply.type('application/pdf').header('content-disposition', `inline; filename="${name}.pdf"`).header('cache-control', 'no-store').send(pdf);

  app.get(`/api/${DISTRIBUTION_POINTS}/:id/card.pdf`, async (request: IdRequest, reply) => {
    const row = await managed(request, idParam(request.params.id));
    return sendPdf(reply, await drawer.draw([await cardOf(request, row)], request.ip), `card-${row.data.code}`);
  });

  app.get(`/api/${DISTRIBUTION_POINTS}/cards.pdf`, async (request: FastifyRequest<{ Querystring: { ids?: string } }>, reply) => {
    const raw = typeof request.query.ids === 'string' ? request.query.ids.split(',') : [];
    const ids = raw.map((id) => rowIdOf(id.trim()));
    if (ids.length === 0 || ids.length > MAX_CARDS || ids.some((id) => id === null))
      throw badRequest(`ids must be 1 to ${MAX_CARDS} distribution point ids, separated by commas.`);
    const cards: Card[] = [];
    for (const id of ids) cards.push(await cardOf(request, await managed(request, id!)));
    return sendPdf(reply, await drawer.draw(cards, request.ip), 'cards');
  });

  app.get(`/api/${DISTRIBUTION_POINTS}/:id/qr.svg`, async (request: IdRequest, reply) => {
    const row = await managed(request, idParam(request.params.id));
    const svg = await QRCode.toString(shortUrl(request, row), { type: 'svg', errorCorrectionLevel: 'M', margin: 4 });
    return reply.type('image/svg+xml').header('content-disposition', `inline; filename="qr-${row.data.code}.svg"`).send(svg);
  });

  app.get(`/api/${DISTRIBUTION_POINTS}/:id/qr.png`, async (request: IdRequest, reply) => {
    const row = await managed(request, idParam(request.params.id));
    const png = await QRCode.toBuffer(shortUrl(request, row), { type: 'png', errorCorrectionLevel: 'M', margin: 4, width: 600 });
    return reply.type('image/png').header('content-disposition', `inline; filename="qr-${row.data.code}.png"`).send(png);
  });
});
