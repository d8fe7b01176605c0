"""[wrong-code] fz_k1 under 'pad': 64 of 64 outputs differ"""
# Data, not a module: test_fuzz.py evaluates it with the names of tests/fuzz/kast.py.
# #define K1_W0(x) ((x) % 32)
# __global__ void fz_k1(const unsigned int *__restrict__ in, unsigned int *__restrict__ out)
# {
# #pragma rapcc block_dim(8, 8, 1)
#     __shared__ char cache_k1_0[128][2][32];
#     __shared__ int4 sm_k1_1[32][32];
#     const int tx = threadIdx.x, ty = threadIdx.y;
#     const int tid = ty * 8 + tx;
#     unsigned int acc = 0u;
#     for (int f1 = 0; f1 < 114; ++f1) {
#         const int e2 = tid + f1 * 64;
#         cache_k1_0[0][0][e2] = fz_mk_char((unsigned int)((int)(in[(e2 * 7 + 11) & 4095] & 4294967295u) ^ 29198785));
#     }
#     for (int f3 = 0; f3 < 15; ++f3) {
#         const int e4 = tid + f3 * 64;
#         sm_k1_1[e4 / 32][e4 % 32] = fz_mk_int4((unsigned int)((int)(in[(e4 * 7 + 12) & 4095] & 4294967295u) ^ 31853220));
#     }
#     __syncthreads();
#     for (int k5 = 0; k5 < 2; ++k5) {
# #ifdef K1_ALT6
#         acc = acc * 31u + (unsigned int)sizeof(sm_k1_1);
#         acc = acc * 31u + fz_fold_int4(sm_k1_1[21][K1_W0(4 * tx + 32 * ty + 16) - 14]);
# #else
#         acc = acc * 31u + fz_fold_int4(sm_k1_1[29][K1_W0(4 * tid + k5 + 1) - 12]);
#         acc = acc * 31u + fz_fold_char(cache_k1_0[ty * 16 + 1][(8 * ty + 3 + (int)(in[(2 * tid + tx * 2 + ty * 32 + 16) & 4095] & 15u)) & 1][12]);
#         { const int4 *p7 = &sm_k1_1[tx][0]; acc = acc * 31u + fz_fold_int4(p7[min(tid, 31)]); }
# #endif
#     }
#     out[tid * 1 + 0] = acc;
#     acc = 0u;
# }

STRATEGY = 'pad'
FOUND = '64 of 64 outputs differ'
KERNEL = Kernel(name='fz_k1', block=(8, 8), arrays=(ArrayDecl(name='cache_k1_0', elem='char', dims=(128, 2, 32), dim_macros=(None, None, None)), ArrayDecl(name='sm_k1_1', elem='int4', dims=(32, 32), dim_macros=(None, None))), const_macros=(), fn_macros=(FnMacro(name='K1_W0', param='x', body=Bin(op='%', lhs=Var(name='x'), rhs=Lit(value=32))),), body=(For(var='f1', trips=114, body=(Let(name='e2', value=Bin(op='+', lhs=Var(name='tid'), rhs=Bin(op='*', lhs=Var(name='f1'), rhs=Lit(value=64)))), Store(ref=Ref(array='cache_k1_0', subs=(Lit(value=0), Lit(value=0), Var(name='e2'))), value=Bin(op='^', lhs=Input(index=Bin(op='+', lhs=Bin(op='*', lhs=Var(name='e2'), rhs=Lit(value=7)), rhs=Lit(value=11)), mask=4294967295), rhs=Lit(value=29198785))))), For(var='f3', trips=15, body=(Let(name='e4', value=Bin(op='+', lhs=Var(name='tid'), rhs=Bin(op='*', lhs=Var(name='f3'), rhs=Lit(value=64)))), Store(ref=Ref(array='sm_k1_1', subs=(Bin(op='/', lhs=Var(name='e4'), rhs=Lit(value=32)), Bin(op='%', lhs=Var(name='e4'), rhs=Lit(value=32)))), value=Bin(op='^', lhs=Input(index=Bin(op='+', lhs=Bin(op='*', lhs=Var(name='e4'), rhs=Lit(value=7)), rhs=Lit(value=12)), mask=4294967295), rhs=Lit(value=31853220))))), Sync(), For(var='k5', trips=2, body=(IfDef(macro='K1_ALT6', then=(SizeOf(array='sm_k1_1'), Load(ref=Ref(array='sm_k1_1', subs=(Lit(value=21), Bin(op='-', lhs=MacroCall(name='K1_W0', arg=Bin(op='+', lhs=Bin(op='+', lhs=Bin(op='*', lhs=Lit(value=4), rhs=Var(name='tx')), rhs=Bin(op='*', lhs=Lit(value=32), rhs=Var(name='ty'))), rhs=Lit(value=16)), body=Bin(op='%', lhs=Var(name='x'), rhs=Lit(value=32))), rhs=Lit(value=14)))), form='plain', macro='')), other=(Load(ref=Ref(array='sm_k1_1', subs=(Lit(value=29), Bin(op='-', lhs=MacroCall(name='K1_W0', arg=Bin(op='+', lhs=Bin(op='+', lhs=Bin(op='*', lhs=Lit(value=4), rhs=Var(name='tid')), rhs=Var(name='k5')), rhs=Lit(value=1)), body=Bin(op='%', lhs=Var(name='x'), rhs=Lit(value=32))), rhs=Lit(value=12)))), form='plain', macro=''), Load(ref=Ref(array='cache_k1_0', subs=(Bin(op='+', lhs=Bin(op='*', lhs=Var(name='ty'), rhs=Lit(value=16)), rhs=Lit(value=1)), Bin(op='&', lhs=Bin(op='+', lhs=Bin(op='+', lhs=Bin(op='*', lhs=Lit(value=8), rhs=Var(name='ty')), rhs=Lit(value=3)), rhs=Input(index=Bin(op='+', lhs=Bin(op='+', lhs=Bin(op='+', lhs=Bin(op='*', lhs=Lit(value=2), rhs=Var(name='tid')), rhs=Bin(op='*', lhs=Var(name='tx'), rhs=Lit(value=2))), rhs=Bin(op='*', lhs=Var(name='ty'), rhs=Lit(value=32))), rhs=Lit(value=16)), mask=15)), rhs=Lit(value=1)), Lit(value=12))), form='plain', macro=''), Load(ref=Ref(array='sm_k1_1', subs=(Var(name='tx'), Min(a=Var(name='tid'), b=Lit(value=31)))), form='alias', macro='p7'))),)), Emit(slot=0)), nout=1, pragma=True)
