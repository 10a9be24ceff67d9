import Testing
import NavStressKit

@Test func stressTargetBuilds() { #expect(Bool(true)) }
