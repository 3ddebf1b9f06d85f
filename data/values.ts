import type { SiteValueTree } from "brook-docs/config";

/**
 * Every figure of Brook that the docs state, written once: pages read them as
 * `{{ site.limits.httpPayload }}` (site.config.ts passes this object as `values`). Text renders as
 * written and numbers as JavaScript writes them, so anything with a unit, a thousands separator or
 * a currency sign is text. Change a figure here and every page that states it changes with it;
 * sentences that depend on a figure (a worked bill, what Node 14 lacks) are listed, with why, in
 * test/content/figures.test.ts: read them again when you change the figure.
 */
export const values = {
  /** Spec §9 and Brook's own limits; /limits/ states them all. */
  limits: {
    /** Largest request body an HTTP trigger accepts (above it: 413 Request Entity Too Large). */
    httpPayload: "512KB",
    /** Largest message `ctx.send.email()` delivers. */
    emailPayload: "30MB",
    /** Data passed between steps, returned or exported (Function Payload Limit Exceeded). */
    functionPayload: "6MB",
    /** Deepest JSON nesting in an event, in levels (JSON Nested Property Limit Exceeded). */
    jsonDepth: 128,
    /** A workflow's memory (workflow settings). */
    memory: { default: "256MB", max: "10GB" },
    /** A step's timeout, in seconds (workflow settings). */
    stepTimeout: { default: 60, max: 900 },
    /** `/tmp` disk of a worker. */
    tmp: "512MB",
    /** Configured props of a deployed component. */
    props: "64KB",
    /** The service database (`ctx.db`) of a deployed source. */
    serviceDb: "60KB",
    /** A workflow's event queue, in events (Event Queue Full above it). */
    queue: { default: 100, max: "10,000" },
    /** Executions of one workflow that run at the same time (workflow settings), from 1 up to `max`. */
    concurrency: { default: 1, max: 10 },
    /** Requests an HTTP trigger endpoint accepts (Rate Limit Exceeded above it). */
    httpRate: { perSecond: 10, burst: 50 },
    /** REST API requests a minute per token. */
    apiRate: 60,
    /** Items per page of an API list (`?limit=`) and of `brook events -n`. */
    pageSize: { default: 20, max: 100 },
    /** Members of an org, admins included. */
    teamMembers: 5,
    /** Environment variables of a workspace, and the size of one value. */
    envVars: { count: 200, valueSize: "8KB" },
    /** What the inspector keeps of a workflow: the last events, each for so many days. */
    inspector: { events: 100, days: 30 },
    /** Workflow errors kept per workflow (`GET /workflows/{id}/errors`). */
    workflowErrors: 100,
    /** A source's event list, SSE replay and dedupe window: the last events, each for so many days. */
    sourceEvents: { events: 100, days: 30 },
    /** The free plan's daily cap; always stated whole, never one of its two figures alone. */
    dailyInvocations: "333 (66 for free orgs)",
    /** When the daily count resets. */
    dailyReset: "00:00 UTC",
    /** The shortest interval of a schedule trigger. */
    scheduleInterval: "1 minute",
    /** Compute time a month: free, and pro and team (enterprise: by contract). */
    runtimeQuota: { free: "30 hours", paid: "100 hours" },
  },
  /** Plans and prices (/pricing/). */
  plans: {
    /** Invocations included each month. */
    included: { free: "10,000", pro: "20,000", team: "20,000", enterprise: "100,000" },
    /** The pro and team price, a month. */
    price: "$19",
    /** Price of an invocation above the included ones. */
    perInvocation: "$0.0002",
  },
  /** Releases the docs show in example output (`brook --version`). */
  releases: { cli: "2.6.0" },
  /** The runtimes of code steps and components: versions only ("Node {{ site.runtimes.node }}"). */
  runtimes: { node: "14", python: "3.8", go: "1.17.1" },
  /** Brook's retries, each with exponential backoff. */
  retries: {
    /** A failed destination delivery (`ctx.send.*`). */
    delivery: 3,
    /** A failed webhook delivery. */
    webhook: 3,
    /** An app, feed, source or emit event offered to a workflow whose queue is full. */
    handOff: 3,
    /** `@brook/axios`'s default `retries`. */
    brookAxios: 3,
  },
  /** Timings of workers and streams. */
  timing: {
    /** A worker idle this long is stopped; the next event is a cold start. */
    workerIdle: "10 minutes",
    /** Seconds between SSE heartbeats, and of silence after which a connection is dead (twice the heartbeat). */
    sseHeartbeat: 15,
    sseDead: 30,
    /** How often the built-in RSS source checks its feed unless you change its `timer`: seconds, and the same in words (change both). */
    rssCheck: { seconds: 900, every: "15 minutes" },
    /** How long an OAuth client's access token lasts (`expires_in`): seconds, and the same in words (change both). */
    accessToken: { seconds: 3600, lifetime: "1 hour" },
  },
} satisfies SiteValueTree;
