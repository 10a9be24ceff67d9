/// Placeholder.
public struct DeepLinkRouter: Sendable {}
