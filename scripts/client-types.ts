import openapiTS, { astToString } from 'openapi-typescript';

const HEADER = `/**
 * The API's types, generated from its description by openapi-typescript: do not edit.
 * Regenerate with \`npm run client:types\`; test/unit/client-types.test.ts fails when this file
 * is older than the description.
 */

`;

/** The TypeScript types of `src/client/api-types.ts` for a description. */
export async function clientTypes(description: object): Promise<string> {
  const ast = await openapiTS(JSON.parse(JSON.stringify(description)), { alphabetize: false });
  return HEADER + astToString(ast);
}
