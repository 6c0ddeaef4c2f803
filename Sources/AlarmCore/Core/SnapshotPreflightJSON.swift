extension Snapshot.Preflight {
    /// One entry of `status --json`'s `preflight`: `ok` until a check finds something.
    package func json(format: TimeFormat) -> JSONValue {
        .object([("id", .string(id)), ("ring", .string(format.iso(ring))), ("checked", .optional(checkedAt.map { format.iso($0) })),
                 ("ok", .bool(problems.isEmpty)), ("problems", .array(problems.map { .string($0.description) }))])
    }
}
