// Two tiles declared in one declaration (__shared__ int a[32][32], b[32][32];),
// both read transposed.
// launch: rt3_126_two_declarators_one_line 2 32x8
// expect: rewritten
static __global__ void rt3_126_two_declarators_one_line(const int *in, int *out, int p) {
    __shared__ int a[32][32], b[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    for (int j = ty; j < 32; j += 8) {
        a[j][tx] = in[blockIdx.x * 1024 + j * 32 + tx] & 4095;
        b[j][tx] = (in[blockIdx.x * 1024 + j * 32 + tx] >> 12) & 4095;
    }
    __syncthreads();
    for (int j = ty; j < 32; j += 8)
        out[blockIdx.x * 1024 + j * 32 + tx] = a[tx][j] + 3 * b[tx][j];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt3_126_two_declarators_one_line<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
