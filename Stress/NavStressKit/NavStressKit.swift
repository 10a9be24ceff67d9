// NavStressKit: the logic of the `navstress` tool, shared with the stress suites.
import NavigationRuntime
