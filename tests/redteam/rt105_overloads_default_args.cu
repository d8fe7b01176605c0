// Overloaded helpers (int and float rows) and a default argument that
// supplies the column offset; one overload is called with an offset that
// leaves the row.
// launch: rt105_k 2 32x8
__device__ int rd(const int (*t)[32], int r, int c, int off = 0) { return t[r][c + off]; }
__device__ float rd(const float (*t)[32], int r, int c, int off = 0) { return t[r][c + off]; }
__global__ void rt105_k(const int *in, int *out, int p) {
    __shared__ int a[32][32];
    __shared__ float b[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int j = ty; j < 32; j += 8) {
        a[j][tx] = in[blockIdx.x * 1024 + j * 32 + tx] & 4095;
        b[j][tx] = (float)(in[blockIdx.x * 1024 + j * 32 + tx] >> 20);
    }
    __syncthreads();
    int acc = rd(a, tx, ty) + rd(a, ty, tx % 16, 16) + (int)rd(b, tx % 31, ty, 32);
    out[blockIdx.x * 256 + tid] = acc;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt105_k<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
