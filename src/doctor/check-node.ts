import { failed, passed, type DoctorCheck } from './doctor-check.js';

/** verus-repair needs Node 20 or newer (package.json engines). */
export function checkNode(version: string = process.versions.node): DoctorCheck {
  const major = Number(version.split('.')[0]);
  return major >= 20 ? passed('node', `Node ${version}`) : failed('node', `Node ${version}; verus-repair needs Node 20 or newer`, 'install Node 20 LTS or newer (https://nodejs.org, or `nvm install 20`)');
}
