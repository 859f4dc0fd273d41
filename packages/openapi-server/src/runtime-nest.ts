/**
 * Fixed runtime code of the NestJS router (platform-express): the injection tokens and metadata
 * keys, the context guard and parameter decorator, the exception filter, and the functions that
 * build the controller and the module. Nest's decorators are applied as the functions they are, so
 * the generated file needs no decorator compiler option. Kept apart from `runtime.ts` so that the
 * names these snippets declare are reserved in the NestJS router only.
 */

/** A snippet of this file: `needs` are ids of `runtime.ts`, `nestNeeds` ids of this table. */
interface NestSnippet {
  declares: string[];
  needs: string[];
  nestNeeds: string[];
  text: string;
}

export const nestSnippets = {
  nestHttpError: {
    declares: ['HttpError'],
    needs: ['errorBody'],
    nestNeeds: [],
    text: `
/**
 * Throw it from \`createContext\`, a guard or a service method to answer with \`status\` and the JSON
 * body \`{ statusCode, error, message }\`, plus \`issues\` when given. It is Nest's \`HttpException\`,
 * so Nest's own exception filter sends that body too (\`getStatus()\` reads the status).
 */
export class HttpError extends HttpException {
  readonly issues: Issue[] | undefined;

  constructor(status: number, message: string, issues?: Issue[]) {
    const code = errorStatus(status);
    super(errorBody(code, message, issues), code);
    this.name = "HttpError";
    this.issues = issues;
  }
}
`,
  },
  nestTokens: {
    declares: ['API_SERVICE', 'API_OPTIONS', 'ROUTE_INFO', 'OPERATION_ID', 'SECURITY', 'ContextBuilder'],
    needs: ['routeInfo'],
    nestNeeds: [],
    text: `
/** Injection token of the service implementation (\`@Inject(API_SERVICE)\`). */
export const API_SERVICE = Symbol("API_SERVICE");

/** Injection token of the options given to \`ApiModule.forRoot\`. */
export const API_OPTIONS = Symbol("API_OPTIONS");

/** Metadata key of each route method's \`RouteInfo\` (\`reflector.get(ROUTE_INFO, context.getHandler())\`). */
export const ROUTE_INFO = "specwright:route";

/** Metadata key of each route method's operationId. */
export const OPERATION_ID = "specwright:operationId";

/** Metadata key of each route method's security requirements (undefined when the spec declares none). */
export const SECURITY = "specwright:security";

/** What builds the context of a request (\`ApiModuleOptions.createContext\`). */
type ContextBuilder = (req: Request, route: RouteInfo) => unknown;
`,
  },
  nestContext: {
    declares: ['requestContexts', 'ApiContext', 'ApiContextGuard'],
    needs: [],
    nestNeeds: ['nestTokens'],
    text: `
/** The context of each request, as ApiContextGuard built it. */
const requestContexts = new WeakMap<object, unknown>();

/** Parameter decorator: the context \`createContext\` built for the request (ApiContextGuard). */
export const ApiContext = createParamDecorator(
  (_data: unknown, host: ExecutionContext): unknown =>
    requestContexts.get(host.switchToHttp().getRequest<Request>()),
);

/**
 * The controller's guard: builds the context of each request with \`createContext\` and the route's
 * ROUTE_INFO, before the body is read; an HttpError thrown there refuses the request.
 */
export class ApiContextGuard implements CanActivate {
  readonly #createContext: ContextBuilder;
  readonly #reflector: Reflector;

  constructor(
    options: { createContext: ContextBuilder },
    reflector: Reflector,
  ) {
    this.#createContext = options.createContext;
    this.#reflector = reflector;
  }

  async canActivate(host: ExecutionContext): Promise<boolean> {
    const route = this.#reflector.get<RouteInfo | undefined>(
      ROUTE_INFO,
      host.getHandler(),
    );
    // A method serving operations told apart by their selectors builds the context itself.
    if (route === undefined) return true;
    const req = host.switchToHttp().getRequest<Request>();
    requestContexts.set(req, await this.#createContext(req, route));
    return true;
  }
}
Injectable()(ApiContextGuard);
Inject(API_OPTIONS)(ApiContextGuard, undefined, 0);
Inject(Reflector)(ApiContextGuard, undefined, 1);
`,
  },
  nestErrors: {
    declares: ['ParserFailure', 'ApiExceptionFilter', 'ApiNotFoundFilter'],
    needs: ['routerErrors'],
    nestNeeds: ['nestTokens'],
    text: `
/** What express's body parsers attach to the errors they raise. */
interface ParserFailure {
  status?: unknown;
  type?: unknown;
  expose?: unknown;
  message?: unknown;
}

/**
 * The controller's exception filter: HttpError and Nest's HttpExceptions answer with their status
 * and body; the body parser's errors with a JSON body (400 malformed JSON, 413 too large); anything
 * else with a bare 500 that \`onError\` sees. With the \`errorBody\` option, it builds the body of
 * HttpError and of the parser's errors.
 */
export class ApiExceptionFilter implements ExceptionFilter {
  readonly #onError: (error: unknown, req: Request) => void;
  readonly #build: ErrorBodyBuilder;

  constructor(options: {
    onError?: ((error: unknown, req: Request) => void) | undefined;
    errorBody?: ErrorBodyBuilder;
  }) {
    this.#onError = options.onError ?? ((error) => console.error(error));
    this.#build = options.errorBody;
  }

  catch(error: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const req = http.getRequest<Request>();
    const res = http.getResponse<Response>();
    if (error instanceof HttpError && this.#build !== undefined) {
      const status = error.getStatus();
      if (!res.headersSent)
        res
          .status(status)
          .json(
            routerErrorBody(this.#build, status, error.message, error.issues),
          );
      return;
    }
    if (error instanceof HttpException) {
      const status = error.getStatus();
      const body = error.getResponse();
      if (!res.headersSent)
        res
          .status(status)
          .json(typeof body === "string" ? errorBody(status, body) : body);
      return;
    }
    const failure = (
      typeof error === "object" && error !== null ? error : {}
    ) as ParserFailure;
    const status = errorStatus(failure.status);
    const answer =
      failure.type === "entity.parse.failed"
        ? { status: 400, message: "Malformed JSON body" }
        : failure.type === "entity.too.large"
          ? { status: 413, message: "Request body is too large" }
          : status < 500 &&
              failure.expose === true &&
              typeof failure.message === "string"
            ? { status, message: failure.message }
            : { status: 500, message: "Internal Server Error" };
    if (answer.status >= 500) this.#onError(error, req);
    if (!res.headersSent)
      res
        .status(answer.status)
        .json(routerErrorBody(this.#build, answer.status, answer.message));
  }
}
Catch()(ApiExceptionFilter);
Inject(API_OPTIONS)(ApiExceptionFilter, undefined, 0);

/**
 * Registered app-wide (APP_FILTER) with the \`errorBody\` option only: a request no route matched
 * (Nest's \`Cannot <method> <url>\`) is answered 404 with the option's body; another
 * NotFoundException is answered as Nest answers it.
 */
class ApiNotFoundFilter implements ExceptionFilter {
  readonly #build: ErrorBodyBuilder;

  constructor(build: ErrorBodyBuilder) {
    this.#build = build;
  }

  catch(error: NotFoundException, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const req = http.getRequest<Request>();
    const res = http.getResponse<Response>();
    if (res.headersSent) return;
    const status = error.getStatus();
    const body = error.getResponse();
    if (error.message === \`Cannot \${req.method} \${req.originalUrl}\`)
      res.status(404).json(routerErrorBody(this.#build, 404, error.message));
    else
      res
        .status(status)
        .json(
          typeof body === "string"
            ? { statusCode: status, message: body }
            : body,
        );
  }
}
Catch(NotFoundException)(ApiNotFoundFilter);
`,
  },
  nestController: {
    declares: ['BodyParser', 'ApiState', 'NestRoute', 'defineController', 'apiModule'],
    needs: ['bodyLimit', 'jsonType'],
    nestNeeds: ['nestTokens', 'nestErrors'],
    text: `
/** A body parser of express, run inside a route method. */
type BodyParser = (
  req: Request,
  res: Response,
  next: (error?: unknown) => void,
) => void;

/** What each route's handler gets besides the request: the service, createContext, errorBody and the body parsers. */
interface ApiState<S> {
  service: S;
  createContext: ContextBuilder;
  errorBody: ErrorBodyBuilder;
  parseJson: BodyParser;
  parseText: BodyParser;
  parseBytes: BodyParser;
}

/** One operation's route: the controller's method name, the HTTP method and path, what it declares, its handler. */
interface NestRoute<S> {
  readonly name: string;
  readonly method: string;
  readonly path: string;
  readonly info: RouteInfo | undefined;
  readonly handle: (
    api: ApiState<S>,
    req: Request,
    res: Response,
    context: unknown,
    next: NextFunction,
  ) => Promise<void>;
}

/**
 * The controller class: one method per route, decorated as Nest's decorators would be written by
 * hand (\`@Get(path)\`, \`@Req()\`, \`@Res()\`, \`@Next()\`, ROUTE_INFO, OPERATION_ID and SECURITY
 * metadata), with the service (API_SERVICE) and the options (API_OPTIONS) injected.
 */
function defineController<S>(
  routes: readonly NestRoute<S>[],
  guard?: Type<CanActivate>,
  context?: ParameterDecorator,
): Type<unknown> {
  class ApiController {
    readonly api: ApiState<S>;

    constructor(
      service: S,
      options: {
        bodyLimit?: number | undefined;
        createContext?: ContextBuilder | undefined;
        errorBody?: ErrorBodyBuilder;
      },
    ) {
      const limit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
      this.api = {
        service,
        createContext: options.createContext ?? (() => undefined),
        errorBody: options.errorBody,
        parseJson: express.json({
          limit,
          strict: false,
          type: (request) => isJsonType(request.headers["content-type"]),
        }),
        parseText: express.text({ limit, type: () => true }),
        parseBytes: express.raw({ limit, type: () => true }),
      };
    }
  }
  Inject(API_SERVICE)(ApiController, undefined, 0);
  Inject(API_OPTIONS)(ApiController, undefined, 1);
  const prototype = ApiController.prototype as object;
  for (const route of routes) {
    const name = route.name === "constructor" ? "_constructor" : route.name;
    // A method Nest does not route (TRACE) is registered for every method and tested here.
    const method =
      RequestMethod[route.method as keyof typeof RequestMethod] ??
      RequestMethod.ALL;
    const handler = async function (
      this: ApiController,
      req: Request,
      res: Response,
      context: unknown,
      next: NextFunction,
    ): Promise<void> {
      if (method === RequestMethod.ALL && req.method !== route.method) {
        next();
        return;
      }
      await route.handle(this.api, req, res, context, next);
    };
    Object.defineProperty(handler, "name", { value: name });
    const descriptor = { value: handler, writable: true, configurable: true };
    Object.defineProperty(prototype, name, descriptor);
    RequestMapping({ path: route.path, method })(prototype, name, descriptor);
    SetMetadata(ROUTE_INFO, route.info)(prototype, name, descriptor);
    SetMetadata(OPERATION_ID, route.info?.operationId)(
      prototype,
      name,
      descriptor,
    );
    SetMetadata(SECURITY, route.info?.security)(prototype, name, descriptor);
    Req()(prototype, name, 0);
    Res()(prototype, name, 1);
    context?.(prototype, name, 2);
    Next()(prototype, name, 3);
  }
  Controller()(ApiController);
  if (guard) UseGuards(guard)(ApiController);
  UseFilters(ApiExceptionFilter)(ApiController);
  return ApiController;
}

/**
 * The module a DynamicModule of \`ApiModule.forRoot\` declares: the controller, the service and the
 * options; with \`errorBody\`, the filter that answers requests no route matched.
 */
function apiModule(
  module: Type<unknown>,
  controller: Type<unknown>,
  options: {
    service: object;
    imports?: ModuleMetadata["imports"];
    errorBody?: ErrorBodyBuilder;
  },
): DynamicModule {
  const service: Provider =
    typeof options.service === "function"
      ? { provide: API_SERVICE, useClass: options.service as Type<unknown> }
      : { provide: API_SERVICE, useValue: options.service };
  const providers: Provider[] = [
    service,
    { provide: API_OPTIONS, useValue: options },
  ];
  if (options.errorBody !== undefined)
    providers.push({
      provide: APP_FILTER,
      useValue: new ApiNotFoundFilter(options.errorBody),
    });
  return {
    module,
    imports: options.imports ?? [],
    controllers: [controller],
    providers,
    exports: [API_SERVICE],
  };
}
`,
  },
  nestModule: {
    declares: ['ApiModule'],
    needs: [],
    nestNeeds: ['nestController'],
    text: `
/** The NestJS module of the spec's routes: \`imports: [ApiModule.forRoot({ service })]\`. */
export class ApiModule {
  static forRoot(options: ApiModuleOptions): DynamicModule {
    return apiModule(ApiModule, ApiController, options);
  }
}
Module({})(ApiModule);
`,
  },
  nestModuleContext: {
    declares: ['ApiModule'],
    needs: [],
    nestNeeds: ['nestController'],
    text: `
/** The NestJS module of the spec's routes: \`imports: [ApiModule.forRoot({ service, createContext })]\`. */
export class ApiModule {
  static forRoot<Context>(options: ApiModuleOptions<Context>): DynamicModule {
    return apiModule(ApiModule, ApiController, options);
  }
}
Module({})(ApiModule);
`,
  },
} satisfies Record<string, NestSnippet>;

export type NestSnippetId = keyof typeof nestSnippets;

/** Every NestJS snippet, in the fixed order. */
export const NEST_SNIPPET_IDS = Object.keys(nestSnippets) as NestSnippetId[];

/** The names the NestJS snippets declare (reserved in the NestJS router's scope). */
export const NEST_SNIPPET_NAMES: string[] = [...new Set(Object.values(nestSnippets as Record<string, NestSnippet>).flatMap((s) => s.declares))];

export function nestSnippetText(id: NestSnippetId): string {
  return nestSnippets[id].text.trim();
}

/** The snippets `wanted` needs (dependencies first, in the fixed order) and the ids of `runtime.ts` they need. */
export function nestSnippetClosure(wanted: Iterable<NestSnippetId>): { ids: NestSnippetId[]; needs: string[] } {
  const chosen = new Set<NestSnippetId>();
  const add = (id: NestSnippetId) => {
    if (chosen.has(id)) return;
    chosen.add(id);
    for (const need of (nestSnippets[id] as NestSnippet).nestNeeds) add(need as NestSnippetId);
  };
  for (const id of wanted) add(id);
  const ids = NEST_SNIPPET_IDS.filter((id) => chosen.has(id));
  return { ids, needs: [...new Set(ids.flatMap((id) => (nestSnippets[id] as NestSnippet).needs))] };
}
