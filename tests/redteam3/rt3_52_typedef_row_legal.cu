// The tile's row type is a typedef (typedef float Row[32]; __shared__ Row
// tile[32];), read transposed in range.
// launch: rt3_52_typedef_row_legal 2 32x8
// expect: rewritten
typedef float Row[32];
static __global__ void rt3_52_typedef_row_legal(const int *in, int *out, int p) {
    __shared__ Row tile[32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    for (int j = ty; j < 32; j += 8) tile[j][tx] = (float)(in[blockIdx.x * 1024 + j * 32 + tx] & 4095);
    __syncthreads();
    for (int j = ty; j < 32; j += 8) out[blockIdx.x * 1024 + j * 32 + tx] = __float_as_int(tile[tx][j]);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt3_52_typedef_row_legal<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
