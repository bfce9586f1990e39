import AjvCompiler from '@fastify/ajv-compiler';
import SerializerSelector from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

/**
 * Fastify compiles every route's validators (ajv) and response serializers (fast-json-stringify) while it starts: with
 * some 400 routes that was the largest part of a restart (issue 20 §2: restart ≤ 2 s). These compilers are the same
 * ones, with the same options, but each schema is compiled on its route's first request; a server that answers few
 * routes in its first seconds pays for those few. The walks in test/server (bad input, isolation) still compile every
 * schema, so a broken one fails the tests, not a user's request.
 */
type Validate = ((data: unknown, context?: unknown) => unknown) & { errors?: unknown; schemaEnv?: unknown };

type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;

export function lazySchemaCompilers(): CompilersFactory {
  const buildAjv = AjvCompiler();
  const buildStringify = SerializerSelector();
  const factory = {
    buildValidator(external: unknown, options: unknown) {
      const compile = (buildAjv as (...args: unknown[]) => (route: unknown) => Validate)(external, options);
      return (route: unknown) => {
        let compiled: Validate | undefined;
        const validate: Validate = (data, context) => {
          compiled ??= compile(route);
          const valid = compiled(data, context);
          // Fastify reads the errors of a failed check from the function it holds.
          validate.errors = compiled.errors;
          return valid;
        };
        // Ajv's functions carry schemaEnv, and Fastify then passes the parent object so coercion can replace a root
        // value (a query string's number); the lazy function must be called the same way before it knows.
        validate.schemaEnv = true;
        return validate;
      };
    },
    buildSerializer(external: unknown, options: unknown) {
      const compile = (buildStringify as (...args: unknown[]) => (route: unknown) => (data: unknown) => string)(external, options);
      return (route: unknown) => {
        let compiled: ((data: unknown) => string) | undefined;
        return (data: unknown) => {
          compiled ??= compile(route);
          return compiled(data);
        };
      };
    },
  };
  return factory as unknown as CompilersFactory;
}
