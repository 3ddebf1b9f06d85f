// V8's flags for every process of the generator: the CLI (and so its worker threads, which share
// the process's flags) and the step-types checker, whose V8 snapshot must be taken and started
// with the same ones (V8 refuses a snapshot made under other flags).
//
// --interrupt-budget: how much bytecode a function runs before V8 considers optimising it with
// TurboFan (67,584 by default, tuned for long-running programs). A build is a few seconds of much
// code run a few hundred times: at the default, compiling it on V8's background threads cost more
// than it saved. Eight times the default: the docs' cold build −1.8 s of CPU (−20%), N = 1000
// −1.7 s (−10%), both faster in wall time (docs/decisions.md, "V8's tier-up").
/** The flags, as command-line arguments. */
export const V8_FLAGS = ["--interrupt-budget=540000"];
