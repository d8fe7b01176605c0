// An extern byte buffer, __align__(16), carved into a double array first and
// a short array after it: the carve relies on the doubles' size.
// launch: rt2_34_extern_aligned_bytes 2 32x8 smem=2560
__global__ void rt2_34_extern_aligned_bytes(const int *in, int *out, int p) {
    extern __shared__ __align__(16) unsigned char raw[];
    double *d = reinterpret_cast<double *>(raw);
    short *h = reinterpret_cast<short *>(raw + 256 * sizeof(double));
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    d[tid] = (double)(in[blockIdx.x * 256 + tid] & 4095) * 0.25;
    h[(tid * 5) & 255] = (short)(in[blockIdx.x * 256 + tid + 1024] & 0x7fff);
    __syncthreads();
    out[blockIdx.x * 256 + tid] = (int)(d[(tid * 3) & 255] * 4.0) + h[tid];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) {
    rt2_34_extern_aligned_bytes<<<2, dim3(32, 8), 256 * sizeof(double) + 256 * sizeof(short)>>>(in, out, 0);
}
#endif
