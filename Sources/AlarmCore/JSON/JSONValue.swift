/// A JSON value with the place it was read from. Objects keep their members in file order, so
/// a hand-edited file written back keeps its layout; equality ignores positions.
public struct JSONValue: Sendable, Equatable {
    public indirect enum Kind: Sendable, Equatable {
        case null
        case bool(Bool)
        case number(JSONNumber)
        case string(String)
        case array([JSONValue])
        case object([JSONMember])
    }

    public var kind: Kind
    /// Where the value starts in its file; `.none` for values built in code.
    public var position: SourcePosition

    public init(_ kind: Kind, at position: SourcePosition = .none) {
        self.kind = kind
        self.position = position
    }

    public static func == (a: JSONValue, b: JSONValue) -> Bool { a.kind == b.kind }
}

/// One `"key": value` pair of an object.
public struct JSONMember: Sendable, Equatable {
    public var key: String
    public var keyPosition: SourcePosition
    public var value: JSONValue

    public init(_ key: String, _ value: JSONValue, keyPosition: SourcePosition = .none) {
        self.key = key
        self.keyPosition = keyPosition
        self.value = value
    }

    public static func == (a: JSONMember, b: JSONMember) -> Bool { a.key == b.key && a.value == b.value }
}

// Building values for output: `["id": .string(id), "count": 3, "at": nil]`.
extension JSONValue {
    public static let null = JSONValue(.null)
    public static func bool(_ value: Bool) -> JSONValue { JSONValue(.bool(value)) }
    public static func string(_ value: String) -> JSONValue { JSONValue(.string(value)) }
    public static func int(_ value: Int) -> JSONValue { JSONValue(.number(JSONNumber(value))) }
    public static func double(_ value: Double) -> JSONValue {
        value.isFinite ? JSONValue(.number(JSONNumber(value))) : .null
    }
    public static func array(_ values: [JSONValue]) -> JSONValue { JSONValue(.array(values)) }
    public static func object(_ members: [(String, JSONValue)]) -> JSONValue {
        JSONValue(.object(members.map { JSONMember($0.0, $0.1) }))
    }
    /// `.string(x)` for a value, `null` for nil.
    public static func optional(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
}

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// Dictionary literals keep their written order (they are not Swift dictionaries).
    public init(dictionaryLiteral elements: (String, JSONValue)...) { self = .object(elements) }
}

// Reading values.
extension JSONValue {
    public var stringValue: String? {
        if case let .string(value) = kind { return value }
        return nil
    }

    public var boolValue: Bool? {
        if case let .bool(value) = kind { return value }
        return nil
    }

    public var numberValue: JSONNumber? {
        if case let .number(value) = kind { return value }
        return nil
    }

    public var arrayValue: [JSONValue]? {
        if case let .array(values) = kind { return values }
        return nil
    }

    public var members: [JSONMember]? {
        if case let .object(members) = kind { return members }
        return nil
    }

    public var isNull: Bool { kind == .null }

    /// What the value is, for messages: `a string`, `an array`.
    public var typeDescription: String {
        switch kind {
        case .null: return "null"
        case .bool: return tr("a boolean")
        case .number: return tr("a number")
        case .string: return tr("a string")
        case .array: return tr("an array")
        case .object: return tr("an object")
        }
    }

    /// The value as a user wrote it, short, for `got ...` in messages.
    public var snippet: String {
        switch kind {
        case .null, .bool, .number, .string: return JSONWriter.compact(self)
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// Member lookup on objects (nil for other kinds); setting keeps the member's place or
    /// appends a new one, setting nil removes it.
    public subscript(key: String) -> JSONValue? {
        get { members?.first { $0.key == key }?.value }
        set {
            guard var members else { return }
            if let index = members.firstIndex(where: { $0.key == key }) {
                if let newValue {
                    members[index].value = newValue
                } else {
                    members.remove(at: index)
                }
            } else if let newValue {
                members.append(JSONMember(key, newValue))
            }
            kind = .object(members)
        }
    }
}
