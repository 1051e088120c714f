import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Abi, Hex } from "viem";

/** The contracts the real EVM node's tests deploy, in ./contracts (docs/decisions/054). */
const TEST_CONTRACTS = ["TestDollar", "BatchSender"] as const;
type TestContract = (typeof TEST_CONTRACTS)[number];
export type CompiledContract = { abi: Abi; bytecode: Hex };

/** The EVM the contracts are compiled for; the test node runs the same hardfork. */
export const EVM_VERSION = "prague";

const require = createRequire(import.meta.url);
const CONTRACTS_DIR = join(import.meta.dirname, "contracts");

/**
 * The test contracts compiled by solc-js, the compiler from npm. Compiling takes
 * seconds, so the output is kept in the system's temporary folder under the hash of
 * everything that goes in (the sources, the settings, the compiler's and
 * OpenZeppelin's versions): a changed contract or package compiles again by itself.
 */
export async function compileTestContracts(): Promise<Record<TestContract, CompiledContract>> {
  const sources = Object.fromEntries(
    TEST_CONTRACTS.map((name) => [
      `${name}.sol`,
      { content: readFileSync(join(CONTRACTS_DIR, `${name}.sol`), "utf8") },
    ]),
  );
  const input = {
    language: "Solidity",
    sources,
    settings: {
      evmVersion: EVM_VERSION,
      optimizer: { enabled: false },
      outputSelection: { "*": { "*": ["abi", "evm.bytecode.object"] } },
    },
  };
  const versions = ["solc", "@openzeppelin/contracts"].map(
    (name) => require(`${name}/package.json`).version as string,
  );
  const key = createHash("sha256").update(JSON.stringify({ input, versions })).digest("hex");
  const cacheDir = join(tmpdir(), "rupeedesk-solidity");
  const cached = join(cacheDir, `${key}.json`);
  try {
    return JSON.parse(readFileSync(cached, "utf8"));
  } catch {
    // Not compiled yet on this machine.
  }
  const compiled = await compile(input);
  mkdirSync(cacheDir, { recursive: true });
  // Written aside, then renamed: two workers compiling at once never read half a file.
  const partial = `${cached}.${process.pid}`;
  writeFileSync(partial, JSON.stringify(compiled));
  renameSync(partial, cached);
  return compiled;
}

type SolcOutput = {
  errors?: { severity: string; formattedMessage: string }[];
  contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
};

async function compile(input: object): Promise<Record<TestContract, CompiledContract>> {
  // Loaded only when needed: the compiler is a 9 MB script.
  const { default: solc } = await import("solc");
  // OpenZeppelin's imports are read from its npm package.
  const findImports = (path: string) => ({ contents: readFileSync(require.resolve(path), "utf8") });
  const output: SolcOutput = JSON.parse(
    solc.compile(JSON.stringify(input), { import: findImports }),
  );
  const errors = (output.errors ?? []).filter((error) => error.severity === "error");
  if (errors.length > 0) {
    throw new Error(errors.map((error) => error.formattedMessage).join("\n"));
  }
  return Object.fromEntries(
    TEST_CONTRACTS.map((name) => {
      const contract = output.contracts[`${name}.sol`]?.[name];
      if (!contract) throw new Error(`solc did not compile ${name}`);
      return [name, { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` }];
    }),
  ) as Record<TestContract, CompiledContract>;
}
