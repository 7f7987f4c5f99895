// The distribution points' API: GET/POST /api/distribution-points, GET/PATCH/DELETE
// /api/distribution-points/{id} (more specific than the content routes /api/:slug, so they take
// these requests), and GET /api/distribution-points/choices (the forms and venues the caller may
// hand out). Admins see and manage every point, a manager those of its venues; each write audited.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ownPlugin, type ServerContext } from '../../core/context.ts';
import { forbidden, notFound, validationError } from '../../core/errors.ts';
import { isDatabaseError, UNIQUE_VIOLATION } from '../../core/db/db.ts';
import { idParam } from '../../core/http/row-id.ts';
import { parseQueryString } from '../../core/http/query-string.ts';
import { queryOf } from '../../core/http/pathname.ts';
import { publicBase } from '../../core/http/public-url.ts';
import { isStaff } from '../../core/access/roles.ts';
import { resolveLanguage } from '../../../engine/text/language.ts';
import { t } from '../../../engine/text/messages.ts';
import { DISTRIBUTION_POINTS, type DistributionPoint, type DistributionPointChoices } from '../../../engine/contract/reach.ts';
import { recordAudit } from '../audit/index.ts';
import { allPoints, checkedPoint, managesPoint, scansOf, storedPoint, type PointData, type PointRow } from './points.ts';
import { FormPages } from './form-page.ts';

type IdRequest = FastifyRequest<{ Params: { id: string } }>;

export const pointsPlugin = ownPlugin('distribution-points', async (app: FastifyInstance, ctx: ServerContext) => {
  const { db } = ctx;
  const pages = new FormPages(ctx.registry.forms);
  const langOf = (request: FastifyRequest) => {
    const locale = parseQueryString(queryOf(request)).locale;
    return resolveLanguage(typeof locale === 'string' ? locale : request.headers['accept-language']);
  };
  const manages = (request: FastifyRequest, point: PointRow) => managesPoint(request.caller, pages.form(point.data.form), point.data.venue);

  function staffOnly(request: FastifyRequest): void {
    if (!isStaff(request.caller)) throw forbidden();
  }

  const toPoint = (request: FastifyRequest, row: PointRow, scans: number): DistributionPoint => ({
    id: row.id,
    ...row.data,
    shortUrl: `${publicBase(ctx.config, request)}/q/${row.data.code}`,
    scans,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  });

  async function managed(request: IdRequest, lock?: { tx: Parameters<typeof storedPoint>[0] }): Promise<PointRow> {
    staffOnly(request);
    const row = await storedPoint(lock?.tx ?? db, idParam(request.params.id), Boolean(lock));
    // A point of another venue is no business of this account: as if it did not exist.
    if (!row || !manages(request, row)) throw notFound();
    return row;
  }

  /** A code another point has: 409 naming the code. */
  const codeTaken = (request: FastifyRequest) =>
    validationError(DISTRIBUTION_POINTS, [{ path: 'code', label: 'code', message: t('contentKeyUsed', langOf(request)) }], 409);

  async function storing<T>(request: FastifyRequest, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isDatabaseError(error) && error.code === UNIQUE_VIOLATION && error.constraint === 'distribution_point_codes') throw codeTaken(request);
      throw error;
    }
  }

  app.get(`/api/${DISTRIBUTION_POINTS}`, async (request) => {
    staffOnly(request);
    const rows = (await allPoints(db)).filter((row) => manages(request, row));
    const scans = await scansOf(db, rows);
    return { docs: rows.map((row) => toPoint(request, row, scans.get(row.id) ?? 0)) };
  });

  app.get(`/api/${DISTRIBUTION_POINTS}/choices`, async (request): Promise<DistributionPointChoices> => {
    staffOnly(request);
    const forms: DistributionPointChoices['forms'] = [];
    for (const form of pages.pointForms()) {
      const venue = form.compiled.venue!;
      const { rows } = await db.query<{ slug: string; name: string }>(
        `SELECT data->>'slug' AS slug, coalesce(data->>'name', data->>'slug') AS name FROM documents WHERE collection = $1 AND data->>'slug' IS NOT NULL ORDER BY 2`,
        [venue.collection],
      );
      const venues = rows.filter((row) => managesPoint(request.caller, form, row.slug));
      // Every language the console speaks: the page picks its own.
      if (venues.length) forms.push({ form: form.compiled.id, title: form.compiled.staffTitle, venues });
    }
    return { forms };
  });

  app.get(`/api/${DISTRIBUTION_POINTS}/:id`, async (request: IdRequest) => {
    const row = await managed(request);
    return toPoint(request, row, (await scansOf(db, [row])).get(row.id) ?? 0);
  });

  app.post(`/api/${DISTRIBUTION_POINTS}`, async (request: FastifyRequest, reply: FastifyReply) => {
    staffOnly(request);
    const point = await checkedPoint(db, pages, request.caller, request.body, null, langOf(request));
    const row = await storing(request, () =>
      db.transaction(async (tx) => {
        const { rows } = await tx.query<PointRow>(
          'INSERT INTO documents (collection, data) VALUES ($1, $2::jsonb) RETURNING id, data, created_at, updated_at',
          [DISTRIBUTION_POINTS, JSON.stringify(point)],
        );
        await recordAudit(tx, request.caller, {
          action: 'create-content',
          target: DISTRIBUTION_POINTS,
          documentId: rows[0].id,
          detail: { fields: Object.keys(point).sort() },
        });
        return rows[0];
      }),
    );
    return reply.code(201).send({ doc: toPoint(request, row, 0), message: 'Distribution point successfully created.' });
  });

  app.patch(`/api/${DISTRIBUTION_POINTS}/:id`, async (request: IdRequest) => {
    const row = await storing(request, () =>
      db.transaction(async (tx) => {
        const stored = await managed(request, { tx });
        const point = await checkedPoint(tx, pages, request.caller, request.body, stored.data, langOf(request));
        const { rows } = await tx.query<PointRow>(
          'UPDATE documents SET data = $2::jsonb, updated_at = now() WHERE id = $1 RETURNING id, data, created_at, updated_at',
          [stored.id, JSON.stringify(point)],
        );
        await recordAudit(tx, request.caller, {
          action: 'update-content',
          target: DISTRIBUTION_POINTS,
          documentId: stored.id,
          detail: { fields: (Object.keys(point) as (keyof PointData)[]).filter((key) => stored.data[key] !== point[key]).sort() },
        });
        return rows[0];
      }),
    );
    return { doc: toPoint(request, row, (await scansOf(db, [row])).get(row.id) ?? 0), message: 'Updated successfully.' };
  });

  app.delete(`/api/${DISTRIBUTION_POINTS}/:id`, async (request: IdRequest) => {
    const row = await db.transaction(async (tx) => {
      const stored = await managed(request, { tx });
      await tx.query('DELETE FROM documents WHERE id = $1', [stored.id]);
      await recordAudit(tx, request.caller, {
        action: 'delete-content',
        target: DISTRIBUTION_POINTS,
        documentId: stored.id,
        detail: { fields: Object.keys(stored.data).sort() },
      });
      return stored;
    });
    return { doc: toPoint(request, row, 0), message: 'Deleted successfully.' };
  });
});
