// Tests: seeded mutations of the real fixtures always end in a value or a typed error.

import Foundation
import Testing

@testable import NavigationRuntime

/// SplitMix64: a small, seedable generator (Steele, Lea, Flood 2014).
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

@Suite struct StoryboardFuzzTests {
    /// `NAVSTRESS_SEED` (decimal or 0x-hex), else a fixed seed.
    static let seed: UInt64 = {
        guard let text = ProcessInfo.processInfo.environment["NAVSTRESS_SEED"] else { return 0x5EED_2026 }
        return text.hasPrefix("0x") ? UInt64(text.dropFirst(2), radix: 16) ?? 0x5EED_2026 : UInt64(text) ?? 0x5EED_2026
    }()

    /// `NAVSTRESS_SCALE` multiplies the number of cases (default 1).
    static let scale: Int = max(1, Int(ProcessInfo.processInfo.environment["NAVSTRESS_SCALE"] ?? "") ?? 1)

    static let shards = 4
    static let casesPerShard = 1_000

    /// The fixtures' bytes, loaded once.
    static let corpus: [(name: String, bytes: [UInt8])] = StoryboardFixtures.all.map {
        ($0.lastPathComponent, [UInt8](StoryboardFixtures.data($0)))
    }

    /// Byte-level mutations (mostly break the XML) and structure-preserving ones (keep it
    /// well-formed and break the storyboard's meaning: dangling destinations, cycles, duplicates).
    enum Mutation: CaseIterable {
        case deleteRange, duplicateRange, truncate, flipByte
        case swapAttributeValues, copyAttributeValue, deleteEmptyElement, duplicateEmptyElement
    }

    static func mutate(_ input: [UInt8], _ mutation: Mutation, _ rng: inout SplitMix64) -> [UInt8] {
        var bytes = input
        guard !bytes.isEmpty else { return bytes }
        switch mutation {
        case .deleteRange:
            let start = Int.random(in: 0..<bytes.count, using: &rng)
            let length = Int.random(in: 1...min(2_000, bytes.count - start), using: &rng)
            bytes.removeSubrange(start..<(start + length))
        case .duplicateRange:
            let start = Int.random(in: 0..<bytes.count, using: &rng)
            let length = Int.random(in: 1...min(2_000, bytes.count - start), using: &rng)
            let at = Int.random(in: 0...bytes.count, using: &rng)
            bytes.insert(contentsOf: bytes[start..<(start + length)], at: at)
        case .truncate:
            bytes.removeSubrange(Int.random(in: 0..<bytes.count, using: &rng)...)
        case .swapAttributeValues:
            let values = attributeValueRanges(bytes)
            guard values.count >= 2 else { return bytes }
            var first = values[Int.random(in: 0..<values.count, using: &rng)]
            var second = values[Int.random(in: 0..<values.count, using: &rng)]
            if first.lowerBound > second.lowerBound { swap(&first, &second) }
            guard first.upperBound <= second.lowerBound else { return bytes }
            let a = Array(bytes[first])
            let b = Array(bytes[second])
            bytes.replaceSubrange(second, with: a)
            bytes.replaceSubrange(first, with: b)
        case .copyAttributeValue:
            let values = attributeValueRanges(bytes)
            guard values.count >= 2 else { return bytes }
            let source = values[Int.random(in: 0..<values.count, using: &rng)]
            let target = values[Int.random(in: 0..<values.count, using: &rng)]
            bytes.replaceSubrange(target, with: Array(bytes[source]))
        case .deleteEmptyElement, .duplicateEmptyElement:
            let elements = emptyElementRanges(bytes)
            guard !elements.isEmpty else { return bytes }
            let element = elements[Int.random(in: 0..<elements.count, using: &rng)]
            if mutation == .deleteEmptyElement {
                bytes.removeSubrange(element)
            } else {
                bytes.insert(contentsOf: Array(bytes[element]), at: element.upperBound)
            }
        case .flipByte:
            let index = Int.random(in: 0..<bytes.count, using: &rng)
            let choices: [UInt8] = Array("<>/\"'=&!?- ax\n".utf8) + [0, 0xFF]
            bytes[index] = choices[Int.random(in: 0..<choices.count, using: &rng)]
        }
        return bytes
    }

    /// The ranges of the contents of `="..."` attribute values.
    static func attributeValueRanges(_ bytes: [UInt8]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var index = 0
        while index + 1 < bytes.count {
            if bytes[index] == UInt8(ascii: "="), bytes[index + 1] == UInt8(ascii: "\"") {
                let start = index + 2
                var end = start
                while end < bytes.count, bytes[end] != UInt8(ascii: "\"") { end += 1 }
                ranges.append(start..<end)
                index = end
            }
            index += 1
        }
        return ranges
    }

    /// The ranges of empty elements `<name .../>` (segues, exits, placeholders, ...).
    static func emptyElementRanges(_ bytes: [UInt8]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start: Int?
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "<") {
                start = index
            } else if byte == UInt8(ascii: ">"), let open = start {
                if index > open, bytes[index - 1] == UInt8(ascii: "/") { ranges.append(open..<(index + 1)) }
                start = nil
            }
            index += 1
        }
        return ranges
    }

    @Test(arguments: 0..<shards)
    func fuzz_whenFixturesMutated_endsInValueOrTypedError(shard: Int) throws {
        let shardSeed = Self.seed &+ UInt64(shard) &* 0x1_0000_0001
        var rng = SplitMix64(seed: shardSeed)
        var values = 0
        var errors: [String: Int] = [:]
        let cases = Self.casesPerShard * Self.scale
        let clock = ContinuousClock()
        var slowest = Duration.zero
        for index in 0..<cases {
            let started = clock.now
            defer { slowest = max(slowest, clock.now - started) }
            let (name, original) = Self.corpus[Int.random(in: 0..<Self.corpus.count, using: &rng)]
            var bytes = original
            for _ in 0..<Int.random(in: 1...3, using: &rng) {
                bytes = Self.mutate(bytes, Mutation.allCases[Int.random(in: 0..<Mutation.allCases.count, using: &rng)], &rng)
            }
            let context = "seed 0x\(String(Self.seed, radix: 16)) shard \(shard) case \(index) fixture \(name)"
            do {
                let storyboard = try StoryboardLoader.load(data: Data(bytes), file: "fuzz.storyboard")
                values += 1
                // Everything downstream must also cope with whatever loaded.
                let inspection = StoryboardInspection(storyboard)
                #expect(inspection.seguesTotal == storyboard.segues.count, "\(context)")
                _ = StoryboardLint(checksReferences: false).diagnostics(for: storyboard)
                _ = StoryboardGraph(storyboard).dot
            } catch {
                errors[error.code.description, default: 0] += 1
                #expect(error.file == "fuzz.storyboard", "\(context)")
                #expect((error.line ?? 0) >= 1, "\(context): \(error)")
                #expect(!error.message.isEmpty, "\(context)")
            }
        }
        // No case comes near a hang (debug build, busy machine: a generous bound).
        #expect(slowest < .seconds(10), "seed 0x\(String(Self.seed, radix: 16)) shard \(shard): slowest case \(slowest)")
        #expect(values + errors.values.reduce(0, +) == cases, "seed 0x\(String(Self.seed, radix: 16)) shard \(shard)")
        #expect(values > 0, "seed 0x\(String(Self.seed, radix: 16)) shard \(shard): no mutated case loaded")
        #expect(errors["malformedXML", default: 0] > 0, "seed 0x\(String(Self.seed, radix: 16)) shard \(shard): \(errors)")
    }
}
