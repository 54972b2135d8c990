/**
 * How JavaScript tests stand in for the SDK (issue 23, "tests that mock the SDK"): the test runners' module
 * mocks, the mock libraries' wrapper types and factories, and the mock functions' ways of giving a value.
 * A stand-in that keeps v1 method names and v1-shaped values breaks the test once the code under test is on v2.
 */

/** The test runners whose module mocks stand in for the SDK: `jest.mock("@mendable/firecrawl-js")`, `vi.mock(...)`. */
export const MOCKERS: ReadonlySet<string> = new Set(["jest", "vi"]);

/** The runners' call that mocks a module. */
export const MODULE_MOCK = "mock";

/**
 * Generic types that wrap the type they mock and keep its method names: jest-mock-extended's `MockProxy<T>` and
 * `DeepMockProxy<T>`, `jest.Mocked<T>`, vitest's `Mocked<T>` / `MockedObject<T>`.
 */
export const MOCK_TYPE_WRAPPERS: ReadonlySet<string> = new Set(["MockProxy", "DeepMockProxy", "Mocked", "MockedObject", "DeepMocked", "MockedClass"]);

/** Factories that make a mock of the type given as their type argument: jest-mock-extended's `mock<T>()`, `mockDeep<T>()`. */
export const MOCK_FACTORIES: ReadonlySet<string> = new Set(["mock", "mockDeep"]);

/** The runners' helper that gives a value back typed as its mock (`vi.mocked(app)`, `jest.mocked(app)`): the same object. */
export const MOCKED_HELPER = "mocked";

/** A mock function's methods that set the value its promise resolves to. */
export const MOCK_RESOLVED_VALUE: ReadonlySet<string> = new Set(["mockResolvedValue", "mockResolvedValueOnce"]);

/** A mock function's methods that set what it runs (`mockImplementation(async () => value)`). */
export const MOCK_IMPLEMENTATION: ReadonlySet<string> = new Set(["mockImplementation", "mockImplementationOnce"]);

/** The runners' call that makes a mock function: `jest.fn()`, `vi.fn()`. */
export const MOCK_FUNCTION = "fn";

/** The assertion a test reads a mock through, and its matchers that list the arguments of a call. */
export const EXPECT = "expect";
export const CALLED_WITH: ReadonlySet<string> = new Set(["toHaveBeenCalledWith", "toHaveBeenLastCalledWith", "toBeCalledWith", "lastCalledWith"]);
