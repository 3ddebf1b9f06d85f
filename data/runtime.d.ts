/**
 * Brook's step runtime, declared once: what a Node.js code step, an action and a source receive
 * (`event`, `ctx`), and the modules `@brook/axios` and `@brook/sdk`. The docs build checks every
 * JavaScript example against this file, and publishes it for your editor: add it to a project
 * (or a `jsconfig.json`'s `files`) and annotate a step with
 *
 *   /** @param {Brook.StepEvent} event @param {Brook.StepContext} ctx *\/
 *   export default async function (event, ctx) { ... }
 *
 * Figures (limits, retries) are not repeated here: the pages linked from each member state them.
 */

declare namespace Brook {
  /** A value that survives JSON: what steps return, export and send. */
  type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

  /** Header names to values, lower case as received. */
  type Headers = Record<string, string>;

  /**
   * The event that started the run: the trigger's output (/workflows/events/). Its fields depend
   * on the trigger: HTTP, schedule, app and source, email.
   */
  interface StepEvent {
    /** The event's id (`evt_...`). */
    id: string;
    /** When Brook received it (ISO 8601). */
    ts: string;
    /** HTTP trigger: the request's method. */
    method?: string;
    /** HTTP trigger: what follows the endpoint's id in the URL. */
    path?: string;
    /** HTTP trigger: the query string's parameters. */
    query?: Record<string, string>;
    /** HTTP trigger: the request's headers. */
    headers?: Headers;
    /** HTTP trigger: the body, parsed when it is JSON or a form. */
    body?: any;
    /** HTTP trigger: the caller's address. */
    client_ip?: string;
    /** Schedule trigger: the time the tick was planned for (ISO 8601). */
    scheduled_for?: string;
    /** Schedule trigger: the schedule's time zone. */
    timezone?: string;
    /** App trigger: the app's slug (`github`). */
    app?: string;
    /** App trigger: the kind of event (`issue.opened`). */
    type?: string;
    /** App, RSS and source triggers: the event's own data. */
    data?: any;
    /** Email trigger: the sender, the recipient, the subject and the bodies. */
    from?: string;
    to?: string;
    subject?: string;
    text?: string;
    html?: string;
    attachments?: { filename: string; content_type: string; size: number; url: string }[];
  }

  /** What a prior step left for later ones (`ctx.steps.NAME`). */
  interface StepOutput {
    /** What the step returned. */
    result: any;
    /** What it exported with `ctx.export`. */
    exports: Record<string, any>;
    /** The trigger's step (`ctx.steps.trigger`) holds the event. */
    event?: StepEvent;
  }

  /** A connected account of a step (/connected-accounts/): its id, its token and the app's own fields. */
  interface ConnectedAccount {
    /** The account's id (`acct_...`). */
    id: string;
    /** The OAuth access token, kept fresh by Brook. */
    access_token?: string;
    /** Fields an app adds (`bot_token`, `api_key`, `instance`, `hub_id`, `scopes`...). */
    [field: string]: any;
  }

  /** An answer to the HTTP request that started the run (`ctx.respond`). */
  interface HttpResponse {
    status: number;
    headers?: Headers;
    /** An object or array is sent as JSON, a string as it is. */
    body?: any;
  }

  /** The destinations of a step (/destinations/): each call queues a delivery and returns nothing. */
  interface Destinations {
    /** An HTTPS request, delivered after the step returns. */
    http(delivery: {
      url: string;
      method?: "POST" | "PUT" | "PATCH" | "DELETE" | "GET";
      headers?: Headers;
      body?: any;
    }): void;
    /** An email to the workflow owner's address (no `to`); `text` or `html` is required. */
    email(delivery: { subject: string; text?: string; html?: string }): void;
    /** A JSON object written to your bucket under `prefix`. */
    s3(delivery: { bucket: string; prefix?: string; payload: any }): void;
    /** A row (or rows) of a table of the SQL service. */
    sql(delivery: { table: string; payload: any }): void;
    /** An event for the listeners subscribed to this workflow. */
    emit(delivery: { name: string; payload: any }): void;
    /** A message to the SSE clients of this workflow. */
    sse(delivery: { channel: string; payload: any }): void;
  }

  /** What `ctx.end` returns: return it from the step. */
  interface EndOfRun {
    readonly ended: true;
  }

  /** The step context of a Node.js code step (/notebook/dollar-context/). */
  interface StepContext {
    /** Prior steps by name, and `trigger`. */
    steps: Record<string, StepOutput>;
    /** The workflow's environment variables. */
    env: Record<string, string>;
    /** The accounts connected to this step, by app slug. */
    accounts: Record<string, ConnectedAccount>;
    /** Publishes a named value as `steps.THIS_STEP.exports.KEY`. */
    export(key: string, value: any): void;
    /** Ends the run after this step (status Ended early): `return ctx.end("reason")`. */
    end(reason?: string): EndOfRun;
    /** Answers the HTTP caller when the trigger is set to Respond from a step; the first call counts. */
    respond(response: HttpResponse): Promise<void>;
    /** Queues deliveries to destinations. */
    send: Destinations;
    /** The workflow: `id` (`wf_...`) and `name`. */
    workflow: { id: string; name: string };
    /** This run: `id` (`exe_...`) and when it started (ISO 8601). */
    execution: { id: string; started_at: string };
  }

  /** The props of a component, as the user set them, and its methods. */
  interface ComponentParts {
    /** Prop values by name (`ctx.props.channel`); an `http` prop has `endpoint`. */
    props: Record<string, any>;
    /** The component's methods; they get only the arguments you pass (pass `ctx`). */
    methods: Record<string, (...args: any[]) => any>;
  }

  /** An action's context: a code step's, plus its props and methods. */
  interface ActionContext extends StepContext, ComponentParts {}

  /** What a source emits with besides the payload (`ctx.emit(payload, meta)`). */
  interface EmitMeta {
    /** The dedupe key. */
    id?: string;
    /** The label shown in event lists. */
    summary?: string;
    /** The event's time (ISO 8601 or epoch milliseconds). */
    ts?: string | number;
  }

  /** A deployed source's service database: one store per source. */
  interface ServiceDatabase {
    /** The value of a key, `undefined` when it was never set. */
    get(key: string): Promise<any>;
    /** Sets a key; `null` removes it. */
    set(key: string, value: any): Promise<void>;
  }

  /** A source's context (/components/api/). */
  interface SourceContext extends ComponentParts {
    env: Record<string, string>;
    /** Emits an event to the source's listeners. */
    emit(payload: any, meta?: EmitMeta): void;
    /** The service database, with a `db` prop. */
    db: ServiceDatabase;
    /** Answers the HTTP request, with an `http` prop. */
    respond(response: HttpResponse): Promise<void>;
    /** The deployed source: `id` (`src_...`) and `name`. */
    source: { id: string; name: string };
  }

  /** Any context a Brook function receives. */
  type AnyContext = StepContext | ActionContext | SourceContext;

  /** A Node.js code step: `export default async function (event, ctx) { ... }`. */
  type Step = (event: StepEvent, ctx: StepContext) => unknown;
}

declare module "@brook/axios" {
  /** The request: axios's options, plus Brook's (/brook-axios/#options). */
  interface BrookAxiosConfig {
    url: string;
    method?: string;
    headers?: Record<string, string | number | boolean>;
    params?: Record<string, any>;
    data?: any;
    auth?: { username: string; password: string };
    responseType?: "json" | "text" | "arraybuffer" | "stream" | "blob" | "document";
    maxRedirects?: number;
    /** Milliseconds per attempt; default: the time left before the step timeout. */
    timeout?: number;
    /** Retries after a 429, 500, 502, 503 or 504 answer or a dropped connection; `0` turns them off. */
    retries?: number;
    /** Also retry `POST` and `PATCH` after a 500, 502, 503 or 504 answer or a dropped connection. */
    retryNonIdempotent?: boolean;
    /** Resolve with `{ status, headers, data }` instead of the body. */
    returnFullResponse?: boolean;
    /** More header names or literal values to hide in the inspector. */
    redact?: string[];
    /** `false` keeps the request out of the inspector. */
    log?: boolean;
  }

  /** The response, with `returnFullResponse: true`. */
  interface FullResponse<T = any> {
    status: number;
    headers: Record<string, string>;
    data: T;
  }

  /** Sends a request in a step: resolves with the body (parsed JSON), or the full response. */
  function axios(
    ctx: Brook.AnyContext,
    config: BrookAxiosConfig & { returnFullResponse: true },
  ): Promise<FullResponse>;
  function axios(ctx: Brook.AnyContext, config: BrookAxiosConfig): Promise<any>;
  export default axios;

  /** A failed request (/brook-axios/#errors). */
  export class BrookHttpError extends Error {
    name: "BrookHttpError";
    /** The HTTP status, or `null` when no response arrived. */
    status: number | null;
    /** The response body, parsed when it is JSON. */
    data: any;
    /** The response headers. */
    headers: Record<string, string>;
    /** The upstream request id, else `null`. */
    requestId: string | null;
    /** `ETIMEDOUT`, `ECONNRESET` or another network code when no response arrived. */
    code: string | null;
    /** Attempts made, retries included. */
    attempts: number;
  }
}

declare module "@brook/sdk" {
  /** A prop of a component (/components/api/#props). */
  interface PropDefinition {
    type:
      | "string"
      | "integer"
      | "boolean"
      | "object"
      | "string[]"
      | "app"
      | "secret"
      | "timer"
      | "http"
      | "db";
    /** With `type: "app"`: the app's slug. */
    app?: string;
    label?: string;
    description?: string;
    optional?: boolean;
    default?: any;
    options?: any[];
  }

  /** What both kinds of component declare. */
  interface ComponentDefinition {
    /** Lower case and hyphens; permanent. */
    key: string;
    name: string;
    /** Semantic version. */
    version: string;
    description?: string;
    props?: Record<string, PropDefinition>;
    methods?: Record<string, (...args: any[]) => any>;
  }

  /** An action: a reusable step. */
  interface ActionDefinition extends ComponentDefinition {
    run(event: Brook.StepEvent, ctx: Brook.ActionContext): unknown;
  }

  /** A source: emits events from a timer, HTTP requests or an app. */
  interface SourceDefinition extends ComponentDefinition {
    hooks?: {
      deploy?(ctx: Brook.SourceContext): unknown;
      activate?(ctx: Brook.SourceContext): unknown;
      deactivate?(ctx: Brook.SourceContext): unknown;
    };
    run(event: Brook.StepEvent, ctx: Brook.SourceContext): unknown;
  }

  /** Declares an action (the export of its module). */
  export function action(definition: ActionDefinition): ActionDefinition & { type: "action" };
  /** Declares a source (the export of its module). */
  export function source(definition: SourceDefinition): SourceDefinition & { type: "source" };
}
