// Tests for the Interface Builder loader on the real fixtures and on small documents.

import Foundation
import Testing

@testable import NavigationRuntime

@Suite struct StoryboardLoaderTests {
    @Test func fixtures_areAllPresent() {
        #expect(StoryboardFixtures.all.count == 26)
    }

    @Test(arguments: StoryboardFixtures.all)
    func load_whenRealFixture_succeeds(_ url: URL) throws {
        let storyboard = try StoryboardLoader.load(contentsOf: url)
        #expect(!storyboard.scenes.isEmpty)
        #expect(storyboard.file == url.path)
    }
}
