// Owned by the step-5 helper that builds this area; see docs/decisions/0020-ev-charging-model.md.
export {}
