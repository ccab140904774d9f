import { runAdmin } from './admin-run';

// The entry point of `npm run admin` (built to server/dist/admin.js): the process's arguments
// and streams, and its exit code.
const output = {
  stdout: (text: string) => void process.stdout.write(text),
  stderr: (text: string) => void process.stderr.write(text),
};
runAdmin(process.argv.slice(2), output).then((code) => process.exit(code));
