// NavigationRuntimeTesting: what users need to test their own flows.
import NavigationRuntime
