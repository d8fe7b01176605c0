// One helper, two tiles: the first call is a column read (legal), the
// second passes another tile whose kernel also walks it flat elsewhere.
// launch: rt2_167_k 2 32x8
__device__ float col(const float (*t)[32], int r, int c) { return t[r][c]; }
__global__ void rt2_167_k(const int *in, int *out, int p) {
    __shared__ float a[32][32], b[8][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int j = ty; j < 32; j += 8) a[j][tx] = (float)(in[blockIdx.x * 1024 + j * 32 + tx] & 4095);
    b[ty][tx] = (float)(in[blockIdx.x * 256 + tid + 2048] & 4095);
    __syncthreads();
    const float *bf = &b[0][0];
    out[blockIdx.x * 256 + tid] = __float_as_int(col(a, tx, ty) + col(b, tx & 7, ty) + bf[(tid * 5) & 255]);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_167_k<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
