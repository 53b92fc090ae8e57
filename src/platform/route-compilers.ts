import { AjvCompiler } from '@fastify/ajv-compiler';

/**
 * Route schemas are compiled the first time a route is used, not as the server starts: Ajv
 * compiling every route's schema took ~0.56 s of a ~0.9 s start, for the few routes most
 * processes (a test server, a worker's API) ever answer. A schema is as checked as before,
 * only later: the contract tests call every route.
 */
export function compiledOnFirstUse<F extends (...args: never[]) => unknown>(compile: () => F): F {
  let compiled: F | undefined;
  return ((...args: Parameters<F>) => {
    compiled ??= compile();
    return compiled(...args);
  }) as F;
}

type BuildValidator = ReturnType<typeof AjvCompiler>;
type ValidatorCompiler = ReturnType<BuildValidator>;
type Validate = ((data: unknown, cxt?: unknown) => unknown) & { errors?: unknown; schemaEnv?: unknown };

/** One per process: its Ajv keeps what a route compiled for every server the process starts. */
const validators = AjvCompiler() as BuildValidator;

/**
 * Fastify's own validator factory (@fastify/ajv-compiler), each route's validator compiled on
 * its first request. Fastify reads `errors` off the function it was given after a failed check,
 * and passes the request as the parent of the value checked only to an Ajv function (one with
 * `schemaEnv`: Ajv coerces a root value through its parent), so the stand-in says it is one
 * and hands both on as the compiled function takes them. A factory of our own makes Fastify
 * treat header schemas as a custom compiler's and leave their names as written, where its own
 * lowercases them: no route has one.
 */
export const buildValidator = ((externalSchemas: unknown, options: unknown) => {
  const compile = (validators as (s: unknown, o: unknown) => ValidatorCompiler)(externalSchemas, options);
  return (route: Parameters<ValidatorCompiler>[0]) => {
    let validate: Validate | undefined;
    const check: Validate = (data, cxt) => {
      validate ??= compile(route) as unknown as Validate;
      const ok = validate.schemaEnv ? validate(data, cxt) : validate(data);
      check.errors = validate.errors;
      return ok;
    };
    check.schemaEnv = true;
    check.errors = null;
    return check;
  };
}) as unknown as BuildValidator;
