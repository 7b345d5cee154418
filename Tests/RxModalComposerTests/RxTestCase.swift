import RxTestSupport

/// This target's base test class: see `LiveResourceCheckingTestCase`.
class RxTestCase: LiveResourceCheckingTestCase {}
