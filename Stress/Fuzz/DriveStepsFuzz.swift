// Fuzz target `steps`: a `drive` steps file's bytes, parsed (`DriveStep.lines`) and run step
// by step (`StoryboardDriver.run`) against a fixture app, as `navstress drive APP --steps FILE
// --keep-going` does.
//
// Built and run by Stress/fuzz.sh (libFuzzer: `swiftc -sanitize=fuzzer,address`; NavStressKit
// built with `-enable-testing` for `@testable import`). Seeds: Stress/Fuzz/Seeds/steps.
import Foundation
@testable import NavStressKit
import NavigationRuntime

/// The app the steps drive: the nRF Mesh example (tab bar, navigation stacks, modal forms,
/// unwinds), parsed once; `nil` if the fixture is missing (the target then only parses).
let meshApp: StoryboardApp? = try? StoryboardApp.load(
    fixture("apps/NordicSemiconductor__IOS-nRF-Mesh-Library").path
)

/// At most this many steps run per input: a longer file only repeats what shorter ones reach
/// and would make libFuzzer's per-input timeout measure length, not hangs.
let maximumSteps = 64

/// One input: the steps file as `drive` reads it (bytes that are not UTF-8 are refused there
/// before parsing; here they are decoded with replacement so that the parser still runs).
@_cdecl("LLVMFuzzerTestOneInput")
public func driveStepsFuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let script = String(decoding: fuzzData(data, size), as: UTF8.self)
    let steps = DriveStep.lines(script)
    for step in steps.prefix(maximumSteps) {
        _ = DriveStep.words(step.text)
        _ = DriveStep.fields(step.text, count: 3)
    }
    guard let app = meshApp, !steps.isEmpty else { return 0 }
    runBlocking {
        let driver = StoryboardDriver(app: app, registry: ClassRegistry(), traits: .regular)
        do {
            try await driver.start(initial: nil)
        } catch {
            await driver.window.close()
            return
        }
        var previous: (step: Int, outcome: String)?
        for (index, step) in steps.prefix(maximumSteps).enumerated() {
            let result = await driver.run(step.text, previous: previous)
            let snapshot = await driver.window.snapshot()
            _ = result.jsonLine(step: index + 1, line: step.text, snapshot: snapshot)
            if !result.isExpectation { previous = (index + 1, result.outcome) }
        }
        await driver.window.close()
    }
    return 0
}

/// `FUZZ_WRITE_SEEDS=DIR`: writes the seed steps files (flows of the nRF Mesh app, as the
/// `drive` tests run them) and exits.
@_cdecl("LLVMFuzzerInitialize")
public func driveStepsFuzzInitialize(
    _ argc: UnsafeMutablePointer<Int32>?,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?
) -> Int32 {
    writeSeedsIfAsked {
        [
            "\u{FEFF}# a flow over the Settings tab\r\n" + [
                "select-tab 4",
                "expect top SettingsViewController",
                "segue SettingsViewController provisioners",
                "expect stack SettingsViewController uVY-wa-E27",
                "segue ProvisionersViewController add",
                "expect top EditProvisionerViewController",
                "unwind newProvisioner done:",
                "expect outcome noDestination",
                "segue newProvisioner nope",
                "expect outcome failed",
                "dismiss",
                "expect top ProvisionersViewController",
            ].joined(separator: "\r\n") + "\r\n",
            "select-tab 4\n\n# comment\nexpect top EditProvisionerViewController\nselect-tab 0\n",
            "select-tab 1\nexpect outcome vetoed\n",
            "select-tab 4\nexpect stack RootViewController\n",
            "segue BYb-mK-mH5 nope\nselect-tab 4\n",
            "back\nexpect outcome failed\n",
            "tap button\n",
            "perform RootViewController x\n",
            "traits compact\nselect-tab 2\ntraits regular\nback\ndismiss\n",
            "handles SettingsViewController done:\nhandles gHg-68-SP7 \"cancel: now\"\nselect-tab 4\nsegue SettingsViewController provisioners\nunwind uVY-wa-E27 done:\n",
            "select-tab 3\nsegue \"EditProvisionerViewController\" \"add\" # quoted\nexpect top \"a # b\"\n",
        ].map { Data($0.utf8) }
    }
}
