import noUnboundedRetry from '../src/rules/no-unbounded-retry.js';
import { ruleTester } from './rule-tester.js';

// A retry loop that hands its failure to a method of the same class
// (`catch (e) { await this.recover(e) }`) may stop only where that method may throw for a
// reason other than the kind of failure or a lifecycle flag: its throws are read as if they
// were written in the loop. One that throws only on a non-resumable error or a closed stream
// leaves the retrying of the resumable errors unbounded, as `if (!resumable(e)) throw e` does.

const stream = (recover: string, extra = '', call = 'await this.recover(err);') => `
const KINDS = { PRIMARY: Symbol('primary'), REPLICA: Symbol('replica') };
class Tail {
  constructor(source, kind) {
    this.source = source;
    this.kind = kind ? KINDS.PRIMARY : KINDS.REPLICA;
  }
  async read() {
    while (true) {
      try {
        return await this.reader.read();
      } catch (err) {
        ${call}
      }
    }
  }
  async recover(err) {
${recover}
  }${extra}
}
`;

const resumable = `    if (this.closed) throw new Error('closed');
    if (!isResumable(err)) throw err;
    this.reader = await this.source.open();`;

/**
 * Handlers that each hand the error to eight others, six levels deep (8^5 ways through): past
 * the file's bound on such reads the analysis claims nothing rather than read them all.
 */
const fanOut = (() => {
  let code = '';
  for (let level = 0; level < 6; level++) {
    for (let i = 0; i < 8; i++) {
      const body = level < 5 ? Array.from({ length: 8 }, (_, j) => `h${level + 1}_${j}(e);`).join(' ') : 'if (e.fatal) throw e;';
      code += `function h${level}_${i}(e) { ${body} }\n`;
    }
  }
  return `${code}async function run(op) { while (true) { try { return await op(); } catch (e) { h0_0(e); } } }\n`;
})();

ruleTester.run('no-unbounded-retry (exits delegated to a method of the class)', noUnboundedRetry, {
  valid: [
    { name: 'a failure handed on through a fan-out of handlers past the bound on reads: nothing claimed', code: fanOut },
    {
      name: 'written in the loop: the predicate is told the failure and a member the file steps',
      code: stream(resumable, '', `if (!isResumable(err, this.stats.resumes)) throw err;\n        this.stats.resumes++;\n        this.reader = await this.source.open();`),
    },
    {
      // A predicate of the failure that may answer "not resumable" is an exit of unknown count (exits/external.ts).
      name: 'written in the loop: the predicate is told the failure and a fact about the connection',
      code: stream(resumable, '', `if (!isResumable(err, this.reader.protocolVersion)) throw err;\n        this.reader = await this.source.open();`),
    },
    {
      name: 'the method counts the resumes',
      code: stream(resumable.replace('if (this.closed)', 'if (this.closed || ++this.resumes > 3)')),
    },
    {
      name: 'the method calls another that gives up on a count',
      code: stream(`${resumable}\n    this.spend();`, `\n  spend() {\n    if (this.budget.used >= this.budget.max) throw new Error('spent');\n  }`),
    },
    {
      name: 'the method always throws after cleaning up',
      code: stream(`    await this.reader.close();\n    throw err;`),
    },
    {
      name: 'the method hands the failure to a callback of the caller',
      code: stream(`    this.options.onFailure(err);\n    this.reader = await this.source.open();`),
    },
    {
      name: 'the method gives up in an else branch on a count',
      code: stream(`    if (this.resumes < this.maxResumes) {\n      this.resumes += 1;\n      this.reader = await this.source.open();\n    } else {\n      throw err;\n    }`),
    },
    {
      name: 'a predicate handed the failure and a count',
      code: stream(`    if (!shouldResume(err, this.resumes)) throw err;\n    this.resumes++;\n    this.reader = await this.source.open();`),
    },
  ],
  invalid: [
    {
      name: 'the method throws only on a closed stream or a non-resumable error',
      code: stream(resumable),
      errors: [{ messageId: 'unbounded', line: 9, column: 5, endLine: 9, endColumn: 17, data: { what: 'This retry loop' } }],
    },
    {
      name: 'the delegation is wrapped in a try that closes and rethrows',
      code: stream(resumable, '', `try {\n          await this.recover(err);\n        } catch (fatal) {\n          try {\n            await this.close();\n          } catch (closing) {\n            report(closing);\n          }\n          throw fatal;\n        }`),
      errors: [{ messageId: 'unbounded', line: 9, column: 5, endLine: 9, endColumn: 17, data: { what: 'This retry loop' } }],
    },
    {
      name: 'the predicate is also told a fact about the connection',
      code: stream(resumable.replace('isResumable(err)', 'isResumable(err, this.reader.protocolVersion)')),
      errors: [{ messageId: 'unbounded', line: 9, column: 5, endLine: 9, endColumn: 17, data: { what: 'This retry loop' } }],
    },
    {
      name: 'the reopen goes through a method that checks a fixed kind',
      code: stream(
        `    if (!isResumable(err)) throw err;\n    this.reader = await this.reopen();`,
        `\n  async reopen() {\n    const target = this.kind === KINDS.PRIMARY ? this.source : null;\n    if (target == null) throw new Error('no source');\n    return target.open();\n  }`,
      ),
      errors: [{ messageId: 'unbounded', line: 9, column: 5, endLine: 9, endColumn: 17, data: { what: 'This retry loop' } }],
    },
  ],
});
