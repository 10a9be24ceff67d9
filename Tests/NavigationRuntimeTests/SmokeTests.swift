import Testing
@testable import NavigationRuntime

@Test func packageBuilds() { #expect(Bool(true)) }
