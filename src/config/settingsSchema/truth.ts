/**
 * What a yes-or-no setting says when given something else. YAML 1.1 read
 * `yes`, `no`, `on` and `off` as booleans; settings.yaml is read as YAML 1.2,
 * where they are text, so `readOnly: yes` would otherwise be refused in
 * words that do not say why.
 */
export const TRUE_OR_FALSE = 'must be true or false (yes, no, on and off are text in YAML 1.2)';
