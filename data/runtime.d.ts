/**
 * Brook's step runtime, declared once: what a Node.js code step, an action and a source receive
 * (`event`, `ctx`), and the modules `@brook/axios` and `@brook/sdk`. The docs build checks every
 * JavaScript example and every JSON event against this file, and publishes it for your editor:
 * add it to a project (or a `jsconfig.json`'s `files`) and annotate a step with its trigger's event
 *
 *   /** @param {Brook.Events.Http} event @param {Brook.StepContext} ctx *\/
 *   export default async function (event, ctx) { ... }
 *
 * or, when the trigger may change, with `Brook.StepEvent` (every trigger's fields, each optional).
 *
 * Figures (limits, retries) are not repeated here: the pages linked from each member state them.
 */

declare namespace Brook {
  /** A value that survives JSON: what steps return, export and send. */
  type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

  /** Header names to values, lower case as received. */
  type Headers = Record<string, string>;

  /** An event's id: `evt_` and 24 lowercase letters and digits. */
  type EventId = `evt_${string}`;
  /** A workflow's id: `wf_` and 24 lowercase letters and digits. */
  type WorkflowId = `wf_${string}`;
  /** An execution's id: `exe_` and 24 lowercase letters and digits. */
  type ExecutionId = `exe_${string}`;
  /** A time as ISO 8601, in UTC (`2026-03-02T10:15:00Z`). */
  type Timestamp = string;

  /**
   * The event each trigger gives its workflow (/notebook/dollar-event/), one type a trigger. The
   * docs check every JSON event against these (a fence such as ```` ```json :event=http ````), and
   * type the `event` of a code step marked with the trigger it runs under (```` ```js :event=rss ````).
   */
  namespace Events {
    /** What every event has, whatever its trigger. */
    interface Base {
      /** The event's id. */
      id: EventId;
      /** When Brook received the event. */
      ts: Timestamp;
    }

    /** An HTTP trigger: one event per request to the workflow's URL. */
    interface Http extends Base {
      /** The request's method: `GET`, `POST`, `PUT`, `PATCH`, `DELETE` and so on. */
      method: string;
      /** The part of the URL after the workflow's id, `/` when there is none. */
      path: string;
      /** The query string's parameters; one given more than once is an array of its values. */
      query: Record<string, string | string[]>;
      /** The request's headers, names in lower case. */
      headers: Headers;
      /** A JSON or form body parsed; any other body as text; `null` when there is none. */
      body: any;
      /** The caller's IP address. */
      client_ip: string;
    }

    /** A schedule trigger: one event per tick of its cron expression. */
    interface Schedule extends Base {
      /** The tick the run belongs to. */
      scheduled_for: Timestamp;
      /** The IANA time zone the expression is read in. */
      timezone: string;
    }

    /** An app trigger: one event per notification an app sends through a connected account. */
    interface App extends Base {
      /** The app's key (`slack`, `github`). */
      app: string;
      /** The kind of event, `resource.verb` (`message.created`); GitHub's are its event and action (`issues.opened`). */
      type: `${string}.${string}`;
      /** The app's own payload, as the app sent it. */
      data: any;
    }

    /** The sender of an email. */
    interface EmailAddress {
      address: string;
      /** The display name, `null` when the message gives none. */
      name: string | null;
    }

    /** A file attached to an email: download it from `url` in a step. */
    interface Attachment {
      filename: string;
      content_type: string;
      /** In bytes. */
      size: number;
      /** `https://files.brook.example/att/<evt_id>/<n>`. */
      url: string;
    }

    /** An email trigger: one event per message sent to the workflow's address. */
    interface Email extends Base {
      /** The sender. */
      from: EmailAddress;
      /** The recipients' addresses. */
      to: string[];
      /** The copied recipients' addresses, empty when there are none. */
      cc: string[];
      /** The subject line. */
      subject: string;
      /** The plain-text part, `null` when the message has none. */
      text: string | null;
      /** The HTML part, `null` when the message has none. */
      html: string | null;
      /** The message headers, names in lower case. */
      headers: Headers;
      /** The attached files, empty when there are none. */
      attachments: Attachment[];
    }

    /** A feed item, as an RSS event's `data`. */
    interface RssItem {
      /** The feed the item came from: its `url` and `title`. */
      feed: { url: string; title: string };
      /** The item's id in the feed. */
      guid: string;
      title: string;
      link: string;
      /** When the feed says the item was published. */
      published_at: Timestamp;
      /** `null` when the feed leaves it out. */
      author: string | null;
      /** `null` when the feed leaves it out. */
      summary: string | null;
      /** Empty when the feed gives none. */
      categories: string[];
    }

    /** An RSS trigger: one event per new item of the feed, shaped as an app event. */
    interface Rss extends Base {
      app: "rss";
      type: "item.created";
      /** The item. */
      data: RssItem;
    }

    /**
     * An existing source: the payload the source passed to `ctx.emit`, with Brook's `id` and `ts`
     * in place of any fields of those names. Its fields are the source's own.
     */
    interface Source extends Base {
      [field: string]: any;
    }

    /** A workflow subscribed to another: one event per `ctx.send.emit` of the emitting workflow. */
    interface Emit extends Base {
      /** The `name` given to `ctx.send.emit` (`order.paid`). */
      name: string;
      /** The emitting workflow. */
      emitter_id: WorkflowId;
      /** The `payload` given to `ctx.send.emit`. */
      payload: any;
    }

    /** The failed workflow's error, as a workflow error event's `data` describes it. */
    interface WorkflowErrorData {
      /** The workflow error (`err_...`), as `GET /workflows/{id}/errors` lists it. */
      error_id: `err_${string}`;
      /** The workflow that failed: its `id` and `name`. */
      workflow: { id: WorkflowId; name: string };
      /** The failed execution, `null` when the event was refused before it ran. */
      execution_id: ExecutionId | null;
      /** The event that failed or was refused. */
      event_id: EventId;
      /** The step that failed, or `trigger` for a refused event. */
      step: string;
      /** Brook's error name (`Timeout`) or the exception's class (`TypeError`), its message, and its stack (`null` for Brook's own). */
      error: { name: string; message: string; stack: string | null };
      /** The deployed version that ran. */
      version: number;
      /** When the error happened. */
      occurred_at: Timestamp;
      /** The execution in the inspector; for a refused event, the workflow's inspector. */
      inspector_url: string;
    }

    /** The Brook → Workflow error trigger of a global error workflow: one event per workflow error it reports. */
    interface WorkflowError extends Base {
      app: "brook";
      type: "workflow.error";
      data: WorkflowErrorData;
    }

    /** The events whose fields Brook sets: every trigger's but a source's. */
    type Described = Http | Schedule | App | Email | Rss | Emit | WorkflowError;
    /** Any trigger's event. */
    type Any = Described | Source;
  }

  /**
   * The test event of each trigger: what a file for `brook run --event FILE` holds (/workflows/events/test/).
   * Brook fills in `id` and `ts`, and an HTTP event's `client_ip`; an HTTP or schedule event's
   * other fields have defaults, the rest are required.
   */
  namespace TestEvents {
    type Http = Partial<Omit<Events.Http, "id" | "ts" | "client_ip">>;
    type Schedule = Partial<Omit<Events.Schedule, "id" | "ts">>;
    type App = Omit<Events.App, "id" | "ts">;
    type Email = Omit<Events.Email, "id" | "ts">;
    type Rss = Omit<Events.Rss, "id" | "ts">;
    type Source = Omit<Events.Source, "id" | "ts">;
    type Emit = Omit<Events.Emit, "id" | "ts">;
    type WorkflowError = Omit<Events.WorkflowError, "id" | "ts">;
  }

  /** The names of the fields of any member of a union. */
  type KeysOf<T> = T extends unknown ? keyof T : never;
  /** A field's type in the members of a union that have it. */
  type FieldOf<T, K extends PropertyKey> = T extends unknown
    ? K extends keyof T
      ? T[K]
      : never
    : never;

  /**
   * The event of a step whose trigger is not said: `id`, `ts`, and every field of the HTTP,
   * schedule, app, email, RSS, emit and workflow error events, each optional. A source's fields
   * are its own: read them from a step that says it runs under a source (`Events.Source`).
   */
  type StepEvent = Events.Base & {
    [K in KeysOf<Events.Described>]?: FieldOf<Events.Described, K>;
  };

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
