"""[wrong-code] fz_k6 under 'pad': 64 of 128 outputs differ; read of 'buf_k6_1' by thread 0 at element 3758096722 outside [0, 512)"""
# Data, not a module: test_fuzz.py evaluates it with the names of tests/fuzz/kast.py.
# #define K6_N16 16
# #define K6_L2(x) fz_fold_int4(x)
# __global__ void fz_k6(const unsigned int *__restrict__ in, unsigned int *__restrict__ out)
# {
# #pragma rapcc block_dim(8, 8, 1)
#     __shared__ int4 buf_k6_1[32][K6_N16];
#     const int tx = threadIdx.x, ty = threadIdx.y;
#     const int tid = ty * 8 + tx;
#     unsigned int acc = 0u;
#     for (int f3 = 0; f3 < 8; ++f3) {
#         const int e4 = tid + f3 * 64;
#         buf_k6_1[e4 / 16][e4 % 16] = fz_mk_int4((unsigned int)((int)(in[(e4 * 7 + 12) & 4095] & 4294967295u) ^ 31853220));
#     }
#     __syncthreads();
#     for (int k6 = 0; k6 < 1; ++k6) {
#         acc = acc * 31u + fz_fold_int4(buf_k6_1[0][(k6 * 32 + ty + tx * 2) % 512]);
#         acc = acc * 31u + K6_L2(buf_k6_1[21][9 - 12]);
#         acc = acc * 31u + fz_fold_int4(buf_k6_1[31][3]);
#     }
#     out[tid * 2 + 1] = acc;
#     acc = 0u;
# }

STRATEGY = 'pad'
FOUND = "64 of 128 outputs differ; read of 'buf_k6_1' by thread 0 at element 3758096722 outside [0, 512)"
KERNEL = Kernel(name='fz_k6', block=(8, 8), arrays=(ArrayDecl(name='buf_k6_1', elem='int4', dims=(32, 16), dim_macros=(None, 'K6_N16')),), const_macros=(ConstMacro(name='K6_N16', value=16),), fn_macros=(), body=(For(var='f3', trips=8, body=(Let(name='e4', value=Bin(op='+', lhs=Var(name='tid'), rhs=Bin(op='*', lhs=Var(name='f3'), rhs=Lit(value=64)))), Store(ref=Ref(array='buf_k6_1', subs=(Bin(op='/', lhs=Var(name='e4'), rhs=Lit(value=16)), Bin(op='%', lhs=Var(name='e4'), rhs=Lit(value=16)))), value=Bin(op='^', lhs=Input(index=Bin(op='+', lhs=Bin(op='*', lhs=Var(name='e4'), rhs=Lit(value=7)), rhs=Lit(value=12)), mask=4294967295), rhs=Lit(value=31853220))))), Sync(), For(var='k6', trips=1, body=(Load(ref=Ref(array='buf_k6_1', subs=(Lit(value=0), Bin(op='%', lhs=Bin(op='+', lhs=Bin(op='+', lhs=Bin(op='*', lhs=Var(name='k6'), rhs=Lit(value=32)), rhs=Var(name='ty')), rhs=Bin(op='*', lhs=Var(name='tx'), rhs=Lit(value=2))), rhs=Lit(value=512)))), form='plain', macro=''), Load(ref=Ref(array='buf_k6_1', subs=(Lit(value=21), Bin(op='-', lhs=Lit(value=9), rhs=Lit(value=12)))), form='macro_arg', macro='K6_L2'), Load(ref=Ref(array='buf_k6_1', subs=(Lit(value=31), Lit(value=3))), form='plain', macro=''))), Emit(slot=1)), nout=2, pragma=True)
