__global__ void k(float *out, const float *in)
{
    __shared__ float s[256];
    unsigned t = threadIdx.x;
    s[t] = in[t];
    __syncthreads();
    out[t] = s[(2 * t) ^ 64];
}

void launch(float *o, const float *i) { k<<<1, 128>>>(o, i); }
