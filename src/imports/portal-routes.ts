import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { Envelope, Problem } from '../http/schemas.js';
import type { PortalExtension } from '../portal/routes.js';
import { acceptImportFiles, importValidatorCompiler, runImport } from './routes.js';
import { ImportQuery, ImportReport } from './schemas.js';
import type { ImportService } from './service.js';

const PortalImportMeta = Type.Object({
  collection: Type.Object({ total: Type.Integer(), total_quantity: Type.Integer(), total_value: Type.String() }),
});

export interface ImportPortalDeps {
  imports: ImportService;
  /** The collection's totals after the import, for the page to show. */
  summary(userId: string): Promise<{ total: number; total_quantity: number; total_value: string }>;
  maxBytes: number;
}

/**
 * The portal's Import page: the same import as `POST /api/v1/imports`, for the signed-in
 * user (session cookie and CSRF token instead of a key), answering with the collection's
 * totals beside the report.
 */
export function importPortalRoutes(deps: ImportPortalDeps): PortalExtension {
  return (api, { sessionOf, problems }) => {
    // A scope of its own: the file parsers must not apply to the portal's other routes.
    void api.register(async (instance) => {
      const scope = instance.withTypeProvider<TypeBoxTypeProvider>();
      acceptImportFiles(scope, deps.maxBytes);
      scope.route({
        method: 'POST',
        url: '/imports',
        config: { portal: 'session' },
        validatorCompiler: importValidatorCompiler,
        schema: {
          hide: true,
          querystring: ImportQuery,
          response: { 200: Envelope(ImportReport, PortalImportMeta), 201: Envelope(ImportReport, PortalImportMeta), ...problems, 413: Problem, 415: Problem },
        },
        handler: async (req, reply) => {
          const { userId } = sessionOf(req);
          const result = await runImport(deps.imports, { userId, query: req.query, req });
          return reply.code(req.query.mode === 'apply' ? 201 : 200).send({ data: result, meta: { collection: await deps.summary(userId) } });
        },
      });
    });
  };
}
