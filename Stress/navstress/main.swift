import Foundation
import NavStressKit

exit(await NavStress.main(Array(CommandLine.arguments.dropFirst())))
