/**
 * The tool loop (spec section 14; Python's `wirechat.tools`): tools from a JSON Schema or a Standard Schema
 * library, policies, `run` / `stream` / `resume`, pause and resume on the wire, at most once per call.
 *
 *     const weather = defineTool({ name: "get_weather", inputSchema: {...}, execute: ({ city }) => "18 C" });
 *     const result = await run(client, request, [weather, book], { policies: { book_train: new RequireApproval() } });
 *     if (result.paused) store(saveState(result.state!));   // ... later, in any process or language:
 *     await resume(client, loadState(text), [approve("call_2")], [weather, book], { policies: {...} });
 */

export { defineTool, schemaTool, ToolArgumentsInvalidError, type AnyTool, type StandardSchema, type Tool, type ToolContext, type ToolOptions } from "./tool.js";
export { Execute, Reject, RequireApproval, Schedule, approve, reject, type Action, type Approve, type Decision, type Policy, type RejectDecision } from "./policy.js";
export { DecisionError, MaxStepsExceeded, ToolLoopError, type ToolLoopResult } from "./machine.js";
export { resume, run, stream, streamResume, type Checkpoint, type LoopOptions } from "./drivers.js";
export { loadState, saveState } from "./files.js";
