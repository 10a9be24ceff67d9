// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "NavigationRuntime",
    products: [
        .library(name: "NavigationRuntime", targets: ["NavigationRuntime"]),
        .library(name: "NavigationRuntimeTesting", targets: ["NavigationRuntimeTesting"]),
        .executable(name: "navstress", targets: ["navstress"]),
    ],
    targets: [
        // The Swift runtime's `swift_tryRetain` (see `Claimant`, Sources/NavigationRuntime/Controllers/Claimant.swift).
        .systemLibrary(name: "CSwiftRuntime", path: "Sources/CSwiftRuntime"),
        .target(name: "NavigationRuntime", dependencies: ["CSwiftRuntime"]),
        .target(name: "NavigationRuntimeTesting", dependencies: ["NavigationRuntime"]),
        .target(
            name: "NavStressKit",
            dependencies: ["NavigationRuntime", "NavigationRuntimeTesting"],
            path: "Stress/NavStressKit"
        ),
        // glibc's mallopt for the tool's main (Swift's Glibc module does not import malloc.h).
        .systemLibrary(name: "CMalloc", path: "Stress/CMalloc"),
        .executableTarget(name: "navstress", dependencies: ["NavStressKit", "CMalloc"], path: "Stress/navstress"),
        .testTarget(
            name: "NavigationRuntimeTests",
            dependencies: ["NavigationRuntime", "NavigationRuntimeTesting"]
        ),
        .testTarget(
            name: "StressTests",
            dependencies: ["NavStressKit", "NavigationRuntime", "NavigationRuntimeTesting"],
            path: "Stress/StressTests"
        ),
    ],
    swiftLanguageModes: [.v6]
)

// Settings shared by every target (the swift-concurrency-extras / swift-log loop).
for target in package.targets where [.regular, .executable, .test].contains(target.type) {
    target.swiftSettings = (target.swiftSettings ?? []) + [
        .enableUpcomingFeature("ExistentialAny"),
        .enableUpcomingFeature("MemberImportVisibility"),
        .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
        .treatAllWarnings(as: .error),
    ]
}
