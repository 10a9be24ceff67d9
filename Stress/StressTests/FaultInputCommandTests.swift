import Foundation
import NavigationRuntime
@testable import NavStressKit
import Testing

/// Hostile input and faults, second round (issue 18): work linear in the input, segues that
/// are corrupt or of an unknown kind named, unreadable storyboard entries of an app folder
/// named, options that would be ignored or repeated refused.
@Suite struct FaultInputCommandTests {
    // MARK: 1. run --storyboard: reachability linear in a chain of segues

    /// A chain `c0 -> c1 -> ... -> cN` of show segues in one storyboard.
    static func chain(_ count: Int, file: String = "/app/Chain.storyboard") -> Storyboard {
        let scenes = (0...count).map { index in
            StoryboardScene(
                controllerID: "c\(index)", kind: .viewController,
                segues: index == count
                    ? []
                    : [
                        StoryboardSegue(
                            id: "g\(index)", sourceControllerID: "c\(index)", destinationID: "c\(index + 1)", kind: .show,
                            trigger: StoryboardSegueTrigger(kind: .controller))
                    ])
        }
        return Storyboard(file: file, initialViewControllerID: "c0", scenes: scenes)
    }

    /// Finding 1: each destination was found by scanning its storyboard's scenes, so a chain
    /// of 8,000 scenes cost 32 million comparisons before the run started (17 s). The walk
    /// now counts one unit per scene indexed, per scene visited and per segue followed: exactly
    /// 3N + 2 for a chain of N segues, not N²/2.
    @Test func storyboardRun_reachability_workIsLinearInAChainOfSegues() throws {
        let count = 20_000
        let storyboard = Self.chain(count)
        let start = try #require(storyboard.scenes.first)
        var work = 0
        let groups = StoryboardLoad.reachableStoryboards(
            from: (storyboard, start), in: StoryboardBundle(storyboards: [storyboard]), work: &work)
        #expect(groups == ["app/Chain.storyboard"])
        #expect(work == 3 * count + 2, "indexed N+1 scenes, visited N+1, followed N segues")
    }
}
