// A byte tile filled by uchar4 stores (reinterpret_cast<uchar4 *>(tile[r])[q])
// and read back as bytes by columns: the vector stores need 4-byte aligned
// rows holding four consecutive columns.
// launch: rt5_25_uchar4_fill 2 32x8
__global__ void rt5_25_uchar4_fill(const int *in, int *out, int p) {
    __shared__ unsigned char tile[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    const int r = tid / 8, q = tid % 8;
    const int v = in[(blockIdx.x * 256 + tid) & 4095];
    reinterpret_cast<uchar4 *>(tile[r])[q] = make_uchar4(v & 255, (v >> 8) & 255, (v >> 16) & 255, (v >> 3) & 255);
    __syncthreads();
    int acc = 0;
#pragma unroll
    for (int k = 0; k < 4; ++k) acc = acc * 257 + tile[tx][ty + 8 * k];
    out[blockIdx.x * 256 + tid] = acc;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt5_25_uchar4_fill<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
