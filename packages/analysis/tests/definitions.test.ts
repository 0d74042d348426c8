import { describe, expect, it } from 'vitest';
import { classMembers, constructorFunction, constructorOf, definitionsOf, firstDefinition, isBodiless, soleDefinition } from '../src/definitions/bodies.js';
import { all, parse } from './parse.js';

const OVERLOADED = `
export function pace(ms: number): Promise<void>;
export function pace(ms: number, why: string): Promise<void>;
export function pace(ms: number): Promise<void> { return new Promise((r) => setTimeout(r, ms)); }
pace(1);
`;

describe('definitions: what defines a name', () => {
  it('skips overload signatures: the one definition of an overloaded function is the declaration with a body', () => {
    const { ctx } = parse(OVERLOADED);
    const call = all(ctx, 'CallExpression').find((c) => c.callee.type === 'Identifier' && c.callee.name === 'pace');
    const variable = ctx.variableOf(call?.callee as never);
    expect(variable?.defs).toHaveLength(3);
    expect(definitionsOf(variable as never)).toHaveLength(1);
    const def = soleDefinition(variable);
    expect(def?.node.type).toBe('FunctionDeclaration');
    expect(def?.node.range[0]).toBe(OVERLOADED.indexOf('export function pace(ms: number): Promise<void> {') + 'export '.length);
    expect(firstDefinition(variable)).toBe(def);
  });

  it('finds the overloaded function through the context, as every look-up of a callee does', () => {
    const { ctx } = parse(OVERLOADED);
    const call = all(ctx, 'CallExpression').find((c) => c.callee.type === 'Identifier' && c.callee.name === 'pace');
    expect(ctx.functionOf(call?.callee as never)?.type).toBe('FunctionDeclaration');
  });

  it('an ambient declaration alone defines nothing', () => {
    const { ctx } = parse(`declare function pace(ms: number): Promise<void>;\npace(1);`);
    const call = all(ctx, 'CallExpression')[0];
    const variable = ctx.variableOf(call?.callee as never);
    expect(variable?.defs).toHaveLength(1);
    expect(soleDefinition(variable)).toBeUndefined();
    expect(ctx.functionOf(call?.callee as never)).toBeUndefined();
  });

  it('an interface merged with a class: the class is the one definition', () => {
    const { ctx } = parse(`interface Pool { size: number }\nclass Pool { size = 1 }\nnew Pool();`);
    const made = all(ctx, 'NewExpression')[0];
    const variable = ctx.variableOf(made?.callee as never);
    expect(variable?.defs).toHaveLength(2);
    expect(soleDefinition(variable)?.node.type).toBe('ClassDeclaration');
  });

  it('a parameter redeclared by var keeps both definitions: nothing is dropped that has code', () => {
    const { ctx } = parse(`function f(a) { var a; return a; }`);
    const ret = all(ctx, 'ReturnStatement')[0];
    const variable = ctx.variableOf(ret?.argument as never);
    expect(definitionsOf(variable as never).map((d) => d.type)).toEqual(['Parameter', 'Variable']);
    expect(soleDefinition(variable)).toBeUndefined();
    expect(firstDefinition(variable)?.type).toBe('Parameter');
  });
});

describe('definitions: class members and the constructor', () => {
  const CLASS = `
abstract class Link {
  private most = 0;
  constructor(url: string);
  constructor(url: string, most: number);
  constructor(private url: string, most = Infinity) { this.most = most; }
  open(): void;
  open(retry: boolean): void;
  open(retry?: boolean): void {}
  abstract close(): void;
  [key: string]: unknown;
}`;

  it('leaves out overload signatures, abstract members and index signatures', () => {
    const { ctx } = parse(CLASS);
    const cls = all(ctx, 'ClassDeclaration')[0];
    if (!cls) throw new Error('no class');
    expect(cls.body.body).toHaveLength(9);
    expect(classMembers(cls).map((m) => `${m.type}:${'key' in m && m.key.type === 'Identifier' ? m.key.name : ''}`)).toEqual([
      'PropertyDefinition:most',
      'MethodDefinition:constructor',
      'MethodDefinition:open',
    ]);
    expect(classMembers(cls.body)).toBe(classMembers(cls));
  });

  it('the constructor is the one with a body, not the first signature', () => {
    const { ctx } = parse(CLASS);
    const cls = all(ctx, 'ClassDeclaration')[0];
    if (!cls) throw new Error('no class');
    const ctor = constructorOf(cls);
    expect(ctor?.value.type).toBe('FunctionExpression');
    expect(ctor?.value.params).toHaveLength(2);
    expect(constructorFunction(cls)).toBe(ctor?.value);
  });

  it('a class with only constructor signatures (declare) has no constructor with code', () => {
    const { ctx } = parse(`declare class Remote { constructor(url: string); send(): void; }`);
    const cls = all(ctx, 'ClassDeclaration')[0];
    if (!cls) throw new Error('no class');
    expect(constructorOf(cls)).toBeUndefined();
    expect(classMembers(cls)).toEqual([]);
  });

  it('isBodiless: signatures and types are; functions, arrows and plain fields are not', () => {
    const { ctx } = parse(`${OVERLOADED}\ntype T = number;\nconst f = () => 1;\nclass A { x = 1; m() {} }`);
    expect(all(ctx, 'TSDeclareFunction').every(isBodiless)).toBe(true);
    expect(all(ctx, 'TSTypeAliasDeclaration').every(isBodiless)).toBe(true);
    expect(all(ctx, 'FunctionDeclaration').some(isBodiless)).toBe(false);
    expect(all(ctx, 'ArrowFunctionExpression').some(isBodiless)).toBe(false);
    expect(all(ctx, 'PropertyDefinition').some(isBodiless)).toBe(false);
    expect(all(ctx, 'MethodDefinition').some(isBodiless)).toBe(false);
  });
});
