/// A numeric identifier whose meaning is fixed by its `Tag`.
///
/// The runtime assigns identifiers in order, starting at 1, so that two runs that do the same
/// things in the same order produce the same ids (and the same journal, byte for byte).
public struct Identifier<Tag: IdentifierTag>: Hashable, Comparable, Sendable, Codable,
    CustomStringConvertible
{
    /// The numeric value.
    public let rawValue: UInt64

    /// Creates an identifier from its numeric value.
    public init(_ rawValue: UInt64) { self.rawValue = rawValue }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The tag's prefix followed by the number, e.g. `W1`, `#12`, `R3`.
    public var description: String { Tag.prefix + String(rawValue) }

    public init(from decoder: any Decoder) throws {
        self.rawValue = try decoder.singleValueContainer().decode(UInt64.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

/// What an ``Identifier`` identifies.
public protocol IdentifierTag: Sendable {
    /// The prefix of the identifier's description.
    static var prefix: String { get }
}

/// The tag of ``WindowID``.
public enum WindowTag: IdentifierTag {
    public static var prefix: String { "W" }
}

/// The tag of ``ControllerID``.
public enum ControllerTag: IdentifierTag {
    public static var prefix: String { "#" }
}

/// The tag of ``RequestID``.
public enum RequestTag: IdentifierTag {
    public static var prefix: String { "R" }
}

/// Identifies one window. Assigned in opening order by an ``Application``.
public typealias WindowID = Identifier<WindowTag>

/// Identifies one controller within its window, in creation order.
public typealias ControllerID = Identifier<ControllerTag>

/// Identifies one request to a window's transition queue, in acceptance order.
public typealias RequestID = Identifier<RequestTag>
